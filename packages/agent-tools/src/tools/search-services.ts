import { Type } from '@sinclair/typebox';
import { DEFAULT_LANG, DEFAULT_MARKET, ServiceSchema } from '@tm/contracts';
import { SearchServicesOutput, TOOL_INPUTS } from '@tm/contracts/agent-tools';
import { localized } from '../context.ts';
import { checkedAnswer } from '../contract-check.ts';
import { toServiceSummary } from '../mappers.ts';
import { renderServiceLine } from '../render.ts';
import { defineTool, toolAnswer, toolError } from '../tool.ts';

const ServiceListSchema = Type.Array(ServiceSchema);

/** search_services: the catalog's GET /services. */
export default defineTool({
  name: 'search_services',
  title: 'Search services',
  description:
    'Search the catalog of bookable services (hire-a-role by the hour, or project delivery) by free text, category, market and language. ' +
    'Returns each match with its slug, hourly rate and default/minimum hours in the market currency. ' +
    'Use it when you only know what the user wants in words; then pass a slug to quote_service or get_service. ' +
    'Categories: frontend, backend, mobile, data-ai, cloud-devops, design, quality, security, product-delivery.',
  input: TOOL_INPUTS.search_services,
  output: SearchServicesOutput,
  annotations: { readOnlyHint: true, openWorldHint: false },
  hosts: ['mcp', 'assistant'],
  async handle({ query, category, market, language, limit }, ctx) {
    const call = localized(ctx, market, language);
    const res = checkedAnswer(
      await ctx.upstream.call<unknown>('catalog', '/services', call, { query: { search: query, category, limit } }),
      ServiceListSchema,
      'catalog',
    );
    if (!res.ok) return toolError(res.code, res.message);
    const services = res.data.map((s) => toServiceSummary(s, ctx.origin));
    const total = Number(res.headers.get('x-total-count') ?? services.length);
    const out = {
      market: services[0]?.pricing.market ?? (call.country ?? DEFAULT_MARKET).toUpperCase(),
      language: res.headers.get('content-language') ?? DEFAULT_LANG,
      total: Number.isSafeInteger(total) ? total : services.length,
      services,
    };
    const text = services.length
      ? `${out.total} service(s) match; showing ${services.length} (prices in ${out.market}):\n${services.map(renderServiceLine).join('\n')}`
      : 'No service matches. Try a shorter query or no category.';
    return toolAnswer(out, text);
  },
});
