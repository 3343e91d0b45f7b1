import type { Static, TSchema } from '@sinclair/typebox';
import type { ToolContext } from './context.ts';
import { checkedAnswer } from './contract-check.ts';
import type { CallContext, UpstreamRequest, UpstreamResult } from './upstream.ts';

/**
 * Refs (ids and slugs) as agents pass them to tools, turned into one path segment of a service
 * route. The segment is percent-encoded, so a slash or a space stays inside it; what encoding
 * leaves alone but a URL resolves ("." and "..") and the words of the list routes that sit where
 * a ref would (`/services/catalog`, `/talent/sitemap`) could only name another route, so no call
 * is made for them. Whether any other ref exists is the service's to say.
 */
const PATH_WORDS = new Set(['.', '..']);

/** The path segment for a service ref, or undefined when it could only name another route. */
export function serviceRefSegment(ref: string): string | undefined {
  return PATH_WORDS.has(ref) || ref === 'catalog' ? undefined : encodeURIComponent(ref);
}

/** The path segment for a talent profile ref, or undefined when it could only name another route. */
export function profileRefSegment(ref: string): string | undefined {
  return PATH_WORDS.has(ref) || ref === 'sitemap' ? undefined : encodeURIComponent(ref);
}

/**
 * GET /services/{ref}{suffix} on the catalog, its answer checked against the contract's `schema`;
 * a ref no service can have is answered as the catalog answers an unknown one (404
 * SERVICE_NOT_FOUND, same message) without a call.
 */
export async function callServiceRoute<S extends TSchema>(
  ctx: ToolContext,
  ref: string,
  suffix: string,
  call: CallContext,
  schema: S,
  request?: UpstreamRequest,
): Promise<UpstreamResult<Static<S>>> {
  const segment = serviceRefSegment(ref);
  if (segment === undefined) return { ok: false, status: 404, code: 'SERVICE_NOT_FOUND', message: `No service with id or slug "${ref}"` };
  return checkedAnswer(await ctx.upstream.call<unknown>('catalog', `/services/${segment}${suffix}`, call, request), schema, 'catalog');
}
