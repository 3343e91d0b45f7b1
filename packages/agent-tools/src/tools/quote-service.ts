import { QuoteSchema } from '@tm/contracts';
import { Quote, TOOL_INPUTS } from '@tm/contracts/agent-tools';
import { localized } from '../context.ts';
import { toQuote } from '../mappers.ts';
import { callServiceRoute } from '../refs.ts';
import { renderQuote } from '../render.ts';
import { defineTool, toolAnswer, toolError } from '../tool.ts';

/** quote_service: the catalog's GET /services/{id}/quote. */
export default defineTool({
  name: 'quote_service',
  title: 'Quote one service',
  description:
    'Price one service for some hours (and qty people/deliveries) in a market, tax included. Accepts the service SLUG directly, so one call answers ' +
    '"price 120 hours of a React developer in Germany": {"service":"react-developer","hours":120,"market":"DE"}. ' +
    'Role slugs are the role in kebab case (react-developer, node-backend-developer, python-django-developer, devops-engineer, ui-ux-designer, ...); ' +
    'if unsure of the slug, call search_services first (two calls at most). Hours default to the service default; fewer hours than the minimum are billed at the minimum (minimumApplied). ' +
    'Amounts are integer minor units plus a formatted string.',
  input: TOOL_INPUTS.quote_service,
  output: Quote.shape,
  annotations: { readOnlyHint: true, openWorldHint: false },
  hosts: ['mcp', 'assistant'],
  async handle({ service, hours, qty, market }, ctx) {
    const res = await callServiceRoute(ctx, service, '/quote', localized(ctx, market), QuoteSchema, { query: { hours, qty } });
    if (!res.ok) return toolError(res.code, res.message);
    const quote = toQuote(res.data);
    return toolAnswer(quote, renderQuote(quote), res.data);
  },
});
