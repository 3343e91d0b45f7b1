/**
 * The client address: the socket's, unless `trustedHops` proxies in front of us append to
 * X-Forwarded-For, in which case it is the entry that many hops from the right. Entries a
 * client wrote itself sit further left and are never used, so a spoofed header buys nothing.
 */
export function resolveClientIp(forwardedFor: string | null | undefined, socketIp: string | undefined, trustedHops: number): string {
  const socket = socketIp ?? 'unknown';
  if (trustedHops <= 0 || !forwardedFor) return socket;
  const hops = forwardedFor
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  // With N trusted proxies the Nth entry from the right was written by the outermost trusted one.
  return hops[hops.length - trustedHops] ?? hops[0] ?? socket;
}
