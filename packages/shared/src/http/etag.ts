/** Entity tags (RFC 9110 8.8.3) for answers built once and served many times: the search kit's prebuilt lists, the gateway's site files. */

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
