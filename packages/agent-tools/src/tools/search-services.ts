import { Type } from '@sinclair/typebox';
import { DEFAULT_LANG, DEFAULT_MARKET, MAX_SEARCH_LIMIT, SearchHitSchema, type Service, ServiceSchema } from '@tm/contracts';
import { SearchServicesOutput, TOOL_INPUTS } from '@tm/contracts/agent-tools';
import { localized, type ToolContext } from '../context.ts';
import { checkedAnswer, conformsTo } from '../contract-check.ts';
import { toServiceSummary } from '../mappers.ts';
import { renderServiceLine } from '../render.ts';
import { defineTool, toolAnswer, toolError } from '../tool.ts';
import type { CallContext, UpstreamResult } from '../upstream.ts';

const ServiceListSchema = Type.Array(ServiceSchema);
const HitListSchema = Type.Array(SearchHitSchema);
/** The catalog's own default page size, for the search path too. */
const DEFAULT_LIMIT = 20;

/**
 * The services the one search ranks first for `query` (types=service, in the caller's market),
 * each read from the catalog for its prices; the search's total. A failed search is undefined
 * (the caller asks the catalog instead); a hit the catalog no longer offers is left out.
 */
async function servicesFromSearch(ctx: ToolContext, call: CallContext, query: string, limit: number): Promise<UpstreamResult<Service[]> | undefined> {
  const found = checkedAnswer(
    await ctx.upstream.call<unknown>('search', '/search', call, { query: { q: query, types: 'service', limit: Math.min(limit, MAX_SEARCH_LIMIT) } }),
    HitListSchema,
    'search',
  );
  if (!found.ok) return undefined;
  const details = await Promise.all(found.data.map((hit) => ctx.upstream.call<unknown>('catalog', `/services/${encodeURIComponent(hit.slug)}`, call)));
  const failed = details.find((d) => !d.ok && d.status >= 500);
  if (failed && !failed.ok) return failed;
  const services = details.flatMap((d) => (d.ok && conformsTo(ServiceSchema, d.data) ? [d.data as Service] : []));
  return { ok: true, data: services, status: 200, headers: found.headers };
}

/** search_services: the one search's matching for free text (services only), the catalog's GET /services for categories. */
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
    // Free text alone goes through the one search's matching (stop words, synonyms, typos, ranked
    // by relevance); with a category, or when search is away, the catalog's own word filter answers.
    const matched = query !== undefined && category === undefined ? await servicesFromSearch(ctx, call, query, limit ?? DEFAULT_LIMIT) : undefined;
    const res = matched?.ok
      ? matched
      : checkedAnswer(
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
