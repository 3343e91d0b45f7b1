import type { CallContext, UpstreamClient } from '../upstream.ts';
import type { BearerAccess } from './bearer.ts';

/** What every tool handler needs: the service client, the caller's defaults and the public origin. */
export interface ToolContext {
  upstream: UpstreamClient;
  /**
   * Request id, X-Country and X-Lang of the /mcp request (tool arguments override the locale), and
   * its Authorization only when `bearer` forwards it.
   */
  call: CallContext;
  /** The gateway's verdict on the caller's bearer token (see bearer.ts); tools acting for the caller refuse unless it forwards. */
  bearer: BearerAccess;
  origin: string;
}

/** The call context with the tool's market/language arguments taking precedence over the /mcp request headers. */
export function localized(ctx: ToolContext, market?: string, language?: string): CallContext {
  return { ...ctx.call, country: market ?? ctx.call.country, lang: language ?? ctx.call.lang };
}
