import { QuoteSchema } from '@tm/contracts';
import { Quote, TOOL_INPUTS } from '@tm/contracts/agent-tools';
import { localized } from '../context.ts';
import { checkedAnswer } from '../contract-check.ts';
import { toQuote } from '../mappers.ts';
import { renderQuote } from '../render.ts';
import { defineTool, toolAnswer, toolError } from '../tool.ts';

/** quote_cart: the catalog's POST /jobs/pricing (the cart pricing bookings uses too). */
export default defineTool({
  name: 'quote_cart',
  title: 'Quote a cart',
  description:
    'Combined quote for several services (1-50 items of {serviceId: id or slug, hours, qty}) in one market, with one tax line and a total. ' +
    'Unknown services or a service not offered in the market make the whole cart an error naming the item.',
  input: TOOL_INPUTS.quote_cart,
  output: Quote.shape,
  annotations: { readOnlyHint: true, openWorldHint: false },
  hosts: ['mcp', 'assistant'],
  async handle({ items, market }, ctx) {
    const body = {
      items: items.map((i) => ({
        serviceId: i.serviceId,
        ...(i.hours === undefined ? {} : { hours: i.hours }),
        ...(i.qty === undefined ? {} : { qty: i.qty }),
      })),
    };
    const res = checkedAnswer(
      await ctx.upstream.call<unknown>('catalog', '/jobs/pricing', localized(ctx, market), { method: 'POST', body }),
      QuoteSchema,
      'catalog',
    );
    if (!res.ok) return toolError(res.code, res.message);
    const quote = toQuote(res.data);
    return toolAnswer(quote, renderQuote(quote), res.data);
  },
});
