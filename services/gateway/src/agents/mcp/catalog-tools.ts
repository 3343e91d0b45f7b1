import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { DEFAULT_LANG, DEFAULT_MARKET } from '@tm/contracts';
import { z } from 'zod';
import type { ApiQuote, ApiService } from './api-types.ts';
import { localized, type ToolContext } from './context.ts';
import { toQuote, toServiceDetail, toServiceSummary } from './mappers.ts';
import { callServiceRoute } from './refs.ts';
import { renderQuote, renderServiceDetail, renderServiceLine, toolFailure, toolSuccess } from './render.ts';
import { LanguageInput, MarketInput, Quote, ServiceDetail, ServiceRefInput, ServiceSummary } from './schemas.ts';
import { TOOLS } from './tool-catalog.ts';

/** search_services, get_service, quote_service and quote_cart: the catalog's GET /services, /services/{id}, /services/{id}/quote and POST /jobs/pricing. */
export function registerCatalogTools(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'search_services',
    {
      ...TOOLS.search_services,
      inputSchema: {
        query: z.string().max(200).optional().describe('Free text matched against names and descriptions, e.g. "react", "kubernetes"'),
        category: z.string().max(50).optional().describe('One category, e.g. frontend, data-ai, cloud-devops'),
        market: MarketInput.optional(),
        language: LanguageInput.optional(),
        limit: z.number().int().min(1).max(100).optional().describe('How many results (1-100, default 20)'),
      },
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
      const res = await ctx.upstream.call<ApiService[]>('catalog', '/services', call, { query: { search: query, category, limit } });
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
      inputSchema: { service: ServiceRefInput, market: MarketInput.optional(), language: LanguageInput.optional() },
      outputSchema: ServiceDetail.shape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ service, market, language }) => {
      const res = await callServiceRoute<ApiService>(ctx, service, '', localized(ctx, market, language));
      if (!res.ok) return toolFailure(res.code, res.message);
      const detail = toServiceDetail(res.data, ctx.origin);
      return toolSuccess(detail, renderServiceDetail(detail));
    },
  );

  server.registerTool(
    'quote_service',
    {
      ...TOOLS.quote_service,
      inputSchema: {
        service: ServiceRefInput,
        hours: z.number().optional().describe('Hours to price (> 0, at most 10000); default: the service default hours'),
        qty: z.number().int().optional().describe('How many people or deliveries (1-100, default 1)'),
        market: MarketInput.optional(),
      },
      outputSchema: Quote.shape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ service, hours, qty, market }) => {
      const res = await callServiceRoute<ApiQuote>(ctx, service, '/quote', localized(ctx, market), { query: { hours, qty } });
      if (!res.ok) return toolFailure(res.code, res.message);
      const quote = toQuote(res.data);
      return toolSuccess(quote, renderQuote(quote));
    },
  );

  server.registerTool(
    'quote_cart',
    {
      ...TOOLS.quote_cart,
      inputSchema: {
        items: z
          .array(
            z.object({
              serviceId: ServiceRefInput,
              hours: z.number().optional().describe('Hours (> 0, at most 10000); default: the service default hours'),
              qty: z.number().int().optional().describe('1-100, default 1'),
            }),
          )
          .describe('Cart lines, 1-50'),
        market: MarketInput.optional(),
      },
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
      const res = await ctx.upstream.call<ApiQuote>('catalog', '/jobs/pricing', localized(ctx, market), { method: 'POST', body });
      if (!res.ok) return toolFailure(res.code, res.message);
      const quote = toQuote(res.data);
      return toolSuccess(quote, renderQuote(quote));
    },
  );
}
