import { resolveClientIp } from '@tm/shared/http';

/** The socket half of Elysia's context: `server` is null under app.handle() in tests. */
export type ServerLike = { requestIP(request: Request): { address: string } | null } | null | undefined;

/**
 * The caller's IP for per-IP caps: the gateway's one trusted X-Forwarded-For entry (TRUST_PROXY
 * hops, 1 by default), else the socket address; never the gateway's own address.
 */
export function clientIpOf(request: Request, server: ServerLike, trustProxy: number): string {
  return resolveClientIp(request.headers.get('x-forwarded-for'), server?.requestIP(request)?.address, trustProxy);
}
