import type { CallContext, UpstreamClient } from '../upstream.ts';

/** What every tool handler needs: the service client, the caller's defaults and the public origin. */
export interface ToolContext {
  upstream: UpstreamClient;
  /** Request id, X-Country, X-Lang and Authorization of the /mcp request; tool arguments override the locale. */
  call: CallContext;
  origin: string;
}

/** The call context with the tool's market/language arguments taking precedence over the /mcp request headers. */
export function localized(ctx: ToolContext, market?: string, language?: string): CallContext {
  return { ...ctx.call, country: market ?? ctx.call.country, lang: language ?? ctx.call.lang };
}
