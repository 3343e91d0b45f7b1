import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { DEFAULT_LANG, DEFAULT_MARKET, QuoteSchema, ServiceSchema } from '@tm/contracts';
import { t } from 'elysia';
import { z } from 'zod';
import { checkedAnswer } from '../contract-check.ts';
import { localized, type ToolContext } from './context.ts';
import { toQuote, toServiceDetail, toServiceSummary } from './mappers.ts';
import { callServiceRoute } from './refs.ts';
import { renderQuote, renderServiceDetail, renderServiceLine, toolFailure, toolSuccess } from './render.ts';
import { Quote, ServiceDetail, ServiceSummary } from './schemas.ts';
import { TOOLS } from './tool-catalog.ts';
import { TOOL_INPUTS } from './tool-inputs.ts';

const ServiceListSchema = t.Array(ServiceSchema);

/** search_services, get_service, quote_service and quote_cart: the catalog's GET /services, /services/{id}, /services/{id}/quote and POST /jobs/pricing. */
export function registerCatalogTools(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'search_services',
    {
      ...TOOLS.search_services,
      inputSchema: TOOL_INPUTS.search_services,
      outputSchema: {
        market: z.string(),
        language: z.string(),
        total: z.number().int().describe('Matches in the whole catalog (results may be fewer, see limit)'),
        services: z.array(ServiceSummary),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ query, category, market, language, limit }) => {
      const call = localized(ctx, market, language);
      const res = checkedAnswer(
        await ctx.upstream.call<unknown>('catalog', '/services', call, { query: { search: query, category, limit } }),
        ServiceListSchema,
        'catalog',
      );
      if (!res.ok) return toolFailure(res.code, res.message);
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
      return toolSuccess(out, text);
    },
  );

  server.registerTool(
    'get_service',
    {
      ...TOOLS.get_service,
      inputSchema: TOOL_INPUTS.get_service,
      outputSchema: ServiceDetail.shape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ service, market, language }) => {
      const res = await callServiceRoute(ctx, service, '', localized(ctx, market, language), ServiceSchema);
      if (!res.ok) return toolFailure(res.code, res.message);
      const detail = toServiceDetail(res.data, ctx.origin);
      return toolSuccess(detail, renderServiceDetail(detail));
    },
  );

  server.registerTool(
    'quote_service',
    {
      ...TOOLS.quote_service,
      inputSchema: TOOL_INPUTS.quote_service,
      outputSchema: Quote.shape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ service, hours, qty, market }) => {
      const res = await callServiceRoute(ctx, service, '/quote', localized(ctx, market), QuoteSchema, { query: { hours, qty } });
      if (!res.ok) return toolFailure(res.code, res.message);
      const quote = toQuote(res.data);
      return toolSuccess(quote, renderQuote(quote));
    },
  );

  server.registerTool(
    'quote_cart',
    {
      ...TOOLS.quote_cart,
      inputSchema: TOOL_INPUTS.quote_cart,
      outputSchema: Quote.shape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ items, market }) => {
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
      if (!res.ok) return toolFailure(res.code, res.message);
      const quote = toQuote(res.data);
      return toolSuccess(quote, renderQuote(quote));
    },
  );
}
