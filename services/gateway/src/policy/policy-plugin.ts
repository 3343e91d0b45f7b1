import { acceptRequestId, DomainError, REQUEST_ID_HEADER } from '@tm/shared';
import { type BeforeRoutingContext, clientIpOf, pathOfUrl } from '@tm/shared/http';
import { registerFastCounter, type Telemetry } from '@tm/shared/telemetry';
import { bodyLimitFor } from './body-limits.ts';
import { createCorsPolicy, isPreflight } from './cors.ts';
import type { GatewayLimiter } from './limiter.ts';
import { applyRateLimitHeaders, chooseBucket, isExempt } from './rate-limit-rules.ts';
import type { RequestStates } from './request-state.ts';
import type { TokenVerifier } from './tokens.ts';

/** What the policy step needs. */
export interface PolicyDeps {
  limiter: GatewayLimiter;
  tokens: TokenVerifier;
  trustProxy: number;
  maxBodyBytes: number;
  corsOrigins: readonly string[];
  states: RequestStates;
  /** Where each rate-limit decision is counted, by bucket and decision. */
  telemetry?: Telemetry;
}

/**
 * Routes that cap their own bodies and answer an oversized one in their own protocol: /mcp
 * answers with a JSON-RPC error (and 413), which an MCP client can read, instead of the envelope.
 */
const CAPS_OWN_BODY = new Set(['/mcp']);

/** Keys remembered per bucket for `wellWithinQuota`; past it the bucket's memory starts again empty (a few requests are counted first, nothing else changes). */
const WITHIN_QUOTA_KEYS = 10_000;

/**
 * Remaining points a count must leave for the next requests of its key to be prepared while
 * they are counted: a tenth of the quota, and at least 16. A client using more than nine tenths of
 * its quota, or refused, is counted before anything of its reaches a service, as always.
 */
export function aheadMargin(limit: number): number {
  return Math.max(16, Math.ceil(limit / 10));
}

/**
 * The global policy every route goes through before routing (API proxy, site files, /mcp, 404s):
 * client IP, token recognition, one rate-limit consume, the RateLimit and CORS headers, the
 * declared-size check, and the preflight answer. /healthz and /readyz are exempt. The same function
 * runs as serviceBase's `beforeRouting` step for the Elysia routes, inside the one request hook (not
 * a second onRequest: Elysia awaits every hook of every request), and in the front door for the
 * proxied ones (proxy/front-door.ts).
 */
export function createPolicy(deps: PolicyDeps): (ctx: BeforeRoutingContext) => Promise<Response | undefined> {
  const { limiter, tokens, trustProxy, maxBodyBytes, states } = deps;
  const cors = createCorsPolicy(deps.corsOrigins);
  const windowS = limiter.windowS;
  /** Per bucket: until when (performance.now() ms) each key's last count left it well within its quota. */
  const withinQuotaUntil = new Map<string, Map<string, number>>();
  const remembered = (bucket: string) => {
    const known = withinQuotaUntil.get(bucket);
    if (known !== undefined) return known;
    const keys = new Map<string, number>();
    withinQuotaUntil.set(bucket, keys);
    return keys;
  };
  const decisions = deps.telemetry
    ? registerFastCounter(deps.telemetry.metrics, 'gateway_rate_limit_decisions_total', 'Rate-limit decisions, by bucket and decision (allowed, limited)', [
        'bucket',
        'decision',
      ])
    : undefined;
  return async ({ request, set, server }) => {
    const path = pathOfUrl(request.url);
    if (isExempt(path)) return;
    const headers = request.headers;
    // X-Forwarded-For is read only when proxies in front of us are trusted (TRUST_PROXY > 0).
    const clientIp = clientIpOf(request, server, trustProxy);
    const checked = tokens.check(headers.get('authorization'));
    // A token seen for the first time is verified before anything else (then the request is counted first).
    const verified = !(checked instanceof Promise);
    const token = verified ? checked : await checked;
    const bucket = chooseBucket(path, clientIp, token.kind === 'valid' ? token.principal : undefined);
    const keys = remembered(bucket.name);
    const now = performance.now();
    states.set(request, { path, clientIp, token, wellWithinQuota: verified && (keys.get(bucket.key) ?? 0) > now });
    const result = await limiter.consume(bucket.name, bucket.key);
    if (result.remaining >= aheadMargin(result.limit)) {
      if (keys.size >= WITHIN_QUOTA_KEYS && !keys.has(bucket.key)) keys.clear();
      keys.set(bucket.key, now + result.resetS * 1000);
    } else keys.delete(bucket.key);
    decisions?.inc(bucket.name, result.allowed ? 'allowed' : 'limited', '');
    applyRateLimitHeaders(set.headers, bucket.name, result, windowS);

    const origin = headers.get('origin');
    if (isPreflight(request.method, headers)) {
      const allowed = cors.preflightHeadersFor(origin);
      if (allowed) Object.assign(set.headers, allowed);
      // Answered here either way (without the allow headers the browser refuses). The service
      // base's derive never runs for an answer made before routing, so the id is set here.
      set.headers[REQUEST_ID_HEADER] = acceptRequestId(headers.get(REQUEST_ID_HEADER));
      set.status = 204;
      return new Response(null);
    }
    if (origin !== null) {
      const allowed = cors.headersFor(origin);
      if (allowed) Object.assign(set.headers, allowed);
    }
    // Thrown, not returned: the service base's error handler sets the request id, the status,
    // Retry-After and the envelope, as for every other error.
    if (!result.allowed) throw new DomainError('RATE_LIMITED', `Too many requests; retry in ${result.resetS} s`, result.resetS);
    const declared = headers.get('content-length');
    if (declared === null || CAPS_OWN_BODY.has(path)) return;
    const limit = bodyLimitFor(path, maxBodyBytes);
    if (Number(declared) > limit) throw new DomainError('PAYLOAD_TOO_LARGE', `The request body exceeds ${limit} bytes`);
  };
}
