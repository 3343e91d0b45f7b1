/** What the client IP is when neither a trusted X-Forwarded-For entry nor the socket tells it. */
export const UNKNOWN_CLIENT_IP = 'unknown';

/** The socket half of a request's context (Bun's server, or the gateway's node:http adapter): `server` is null under app.handle() in tests. */
export type ServerLike = { requestIP(request: Request): { address: string } | null } | null | undefined;

/**
 * The client address of `request`: the socket's, unless `trustedHops` proxies in front of us
 * append to X-Forwarded-For, in which case it is the entry that many hops from the right. Entries
 * a client wrote itself sit further left and are never used, so a spoofed header buys nothing.
 * The socket is asked only when it decides (no trusted hops, or no entry in the header): behind a
 * load balancer, and for every service behind the gateway, the header answers and `requestIP` (a
 * native call that makes an address object per request, ~1 us, docs/benchmarks.md) is never made.
 */
export function clientIpOf(request: Request, server: ServerLike, trustedHops: number): string {
  const forwardedFor = trustedHops > 0 ? request.headers.get('x-forwarded-for') : null;
  return (forwardedFor ? forwardedEntry(forwardedFor, trustedHops) : undefined) ?? server?.requestIP(request)?.address ?? UNKNOWN_CLIENT_IP;
}

/**
 * With N trusted proxies the Nth non-blank entry from the right was written by the outermost
 * trusted one; a header with fewer entries gives its leftmost, and one with none undefined.
 */
function forwardedEntry(forwardedFor: string, trustedHops: number): string | undefined {
  const entries = forwardedFor.split(',');
  let leftmost: string | undefined;
  let seen = 0;
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = (entries[i] as string).trim();
    if (entry === '') continue;
    if (++seen === trustedHops) return entry;
    leftmost = entry;
  }
  return leftmost;
}
