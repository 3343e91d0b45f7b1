import type { CallContext, UpstreamClient } from './upstream.ts';

/**
 * What the host decided about the caller's bearer token, for the tools that act for the caller
 * (create_booking): forward it, or refuse with the code the API would have answered. The gateway
 * decides it for /mcp; the assistant never forwards one.
 */
export type CallerAccess = { outcome: 'forward'; authorization: string } | { outcome: 'refuse'; code: string; message: string };

/** What every tool handler needs: the service client, the caller's defaults and the public origin. */
export interface ToolContext {
  upstream: UpstreamClient;
  /**
   * Request id, X-Country and X-Lang of the caller's request (tool arguments override the
   * locale), and its Authorization only when `bearer` forwards it.
   */
  call: CallContext;
  /** The host's verdict on the caller's bearer token; tools acting for the caller refuse unless it forwards. */
  bearer: CallerAccess;
  /** Public site origin, for absolute links in tool results (no trailing slash). */
  origin: string;
}

/** The call context with the tool's market/language arguments taking precedence over the request headers. */
export function localized(ctx: ToolContext, market?: string, language?: string): CallContext {
  return { ...ctx.call, country: market ?? ctx.call.country, lang: language ?? ctx.call.lang };
}
