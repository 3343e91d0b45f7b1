import type { Role } from '@tm/contracts';
import { isHealthPath } from '@tm/shared';
import { METRICS_PATH } from '@tm/shared/http';

/**
 * Rate-limit rules without any store: which bucket a request counts against and which headers
 * describe the result. Kept pure so the policy is unit-tested apart from Redis.
 */

/** The three quotas of DESIGN.md: per IP anonymously, per `sub` with a token, per IP on /api/auth/*. */
export type BucketName = 'anonymous' | 'authenticated' | 'auth-routes' | 'webhooks';

/** Which bucket and key a request counts against. */
export interface Bucket {
  name: BucketName;
  key: string;
}

/** What a consume told us, in the units the headers need. */
export interface LimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets (at least 1 while a window is open). */
  resetS: number;
}

const AUTH_PREFIX = '/api/auth/';
/** Payment providers' webhooks: public, so never in a customer's quota, and never starved by one. */
export const WEBHOOK_PREFIX = '/api/payments/webhooks/';

/**
 * /api/auth/* counts only against its own tighter per-IP bucket (it replaces the general one
 * there, so each request costs one Redis round trip); elsewhere a valid token's `sub` picks the
 * authenticated bucket and everyone else shares the per-IP anonymous one. Guests count per IP
 * too: anyone can mint guest tokens, so one per bucket would multiply the anonymous quota.
 */
export function chooseBucket(path: string, clientIp: string, principal: { sub: string; role: Role } | undefined): Bucket {
  if (path.startsWith(AUTH_PREFIX) || path === '/api/auth') return { name: 'auth-routes', key: `ip:${clientIp}` };
  if (path.startsWith(WEBHOOK_PREFIX)) return { name: 'webhooks', key: `ip:${clientIp}` };
  if (principal !== undefined && principal.role !== 'guest') return { name: 'authenticated', key: `sub:${principal.sub}` };
  return { name: 'anonymous', key: `ip:${clientIp}` };
}

/**
 * Paths that are never limited: orchestrators poll the health paths and Prometheus /metrics (a
 * scrape that found the quota of its IP spent would leave a gap; /metrics answers only a bearer
 * METRICS_TOKEN of at least 16 characters, so there is nothing to guess at speed).
 */
export function isExempt(path: string): boolean {
  return isHealthPath(path) || path === METRICS_PATH;
}

/** Seconds (at least 1) until a window that ends in `msBeforeNext` resets. */
export function resetSeconds(msBeforeNext: number): number {
  return Math.max(1, Math.ceil(msBeforeNext / 1000));
}

/**
 * The draft-7 style `RateLimit-*` trio plus the current IETF draft's `RateLimit-Policy` and
 * `RateLimit` fields, so old and new clients can both throttle themselves. Written straight into
 * `headers` (the response's header bag): this runs on every request.
 */
export function applyRateLimitHeaders(headers: Record<string, unknown>, bucket: BucketName, result: LimitResult, windowS: number): void {
  const fixed = fixedTexts(bucket, result.limit, windowS);
  const remaining = String(result.remaining);
  const reset = String(result.resetS);
  headers['ratelimit-limit'] = fixed.limit;
  headers['ratelimit-remaining'] = remaining;
  headers['ratelimit-reset'] = reset;
  headers['ratelimit-policy'] = fixed.policy;
  headers.ratelimit = `${fixed.quoted};r=${remaining};t=${reset}`;
  if (!result.allowed) headers['retry-after'] = reset;
}

/** The header texts that change only with the configuration, made once per bucket (and again only if its quota or window changes). */
interface FixedTexts {
  limitN: number;
  windowS: number;
  limit: string;
  policy: string;
  quoted: string;
}
const fixedByBucket = new Map<BucketName, FixedTexts>();
function fixedTexts(bucket: BucketName, limitN: number, windowS: number): FixedTexts {
  const known = fixedByBucket.get(bucket);
  if (known !== undefined && known.limitN === limitN && known.windowS === windowS) return known;
  const made = { limitN, windowS, limit: String(limitN), policy: `"${bucket}";q=${limitN};w=${windowS}`, quoted: `"${bucket}"` };
  fixedByBucket.set(bucket, made);
  return made;
}
