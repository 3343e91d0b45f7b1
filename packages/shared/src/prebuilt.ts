/**
 * Whole-list answers built once per data version and served many times: the body is kept as
 * bytes with a strong ETag (a hash of those bytes), so a client or the gateway that already holds
 * it gets a bodiless 304 for a matching If-None-Match (RFC 9110 13.1.2).
 */
export interface PrebuiltAnswer {
  readonly body: Uint8Array<ArrayBuffer>;
  readonly etag: string;
  readonly contentType: string;
}

/** Store, but revalidate before every reuse: the data may change any second, the 304 is cheap. */
export const REVALIDATE = 'public, no-cache';

/** Builds an answer from its text. */
export function prebuild(text: string, contentType = 'application/json; charset=utf-8'): PrebuiltAnswer {
  const body = new TextEncoder().encode(text);
  return { body, etag: etagOf(body), contentType };
}

/** A strong ETag for some bytes. */
export function etagOf(bytes: Uint8Array | string): string {
  return `"${Bun.hash.wyhash(bytes).toString(36)}-${typeof bytes === 'string' ? bytes.length : bytes.byteLength}"`;
}

/** True when an If-None-Match header names `etag` (or is `*`); weak comparison, as RFC 9110 asks for GET. */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/** The 200 with the body, or a 304 when the request already holds this version. */
export function answerPrebuilt(request: Request, answer: PrebuiltAnswer, headers: Record<string, string> = {}): Response {
  const common = { etag: answer.etag, 'cache-control': REVALIDATE, ...headers };
  if (matchesIfNoneMatch(request.headers.get('if-none-match'), answer.etag)) return new Response(null, { status: 304, headers: common });
  return new Response(answer.body, { status: 200, headers: { 'content-type': answer.contentType, ...common } });
}
