import type { CallContext, UpstreamRequest, UpstreamResult } from '../upstream.ts';
import type { ToolContext } from './context.ts';

/**
 * Refs (ids and slugs) as agents pass them to tools, turned into one path segment of a service
 * route. Ids are 24 hex digits and slugs lowercase words joined by hyphens, the only shapes the
 * services issue; anything else (".", "..", a slash, spaces) could only name another route or
 * nothing, so it is not sent at all. The list routes that sit where a ref would
 * (`/services/catalog`, `/talent/sitemap`) are refused by name for the same reason.
 */
const REF = /^(?:[a-f0-9]{24}|[a-z0-9]+(?:-[a-z0-9]+)*)$/;

/** The path segment for a service ref, or undefined when no service can have it. */
export function serviceRefSegment(ref: string): string | undefined {
  return REF.test(ref) && ref !== 'catalog' ? ref : undefined;
}

/** The path segment for a talent profile ref, or undefined when no profile can have it. */
export function profileRefSegment(ref: string): string | undefined {
  return REF.test(ref) && ref !== 'sitemap' ? ref : undefined;
}

/**
 * GET /services/{ref}{suffix} on the catalog; a ref no service can have is answered as the
 * catalog answers an unknown one (404 SERVICE_NOT_FOUND, same message) without a call.
 */
export function callServiceRoute<T>(ctx: ToolContext, ref: string, suffix: string, call: CallContext, request?: UpstreamRequest): Promise<UpstreamResult<T>> {
  const segment = serviceRefSegment(ref);
  if (segment === undefined) return Promise.resolve({ ok: false, status: 404, code: 'SERVICE_NOT_FOUND', message: `No service with id or slug "${ref}"` });
  return ctx.upstream.call<T>('catalog', `/services/${segment}${suffix}`, call, request);
}
