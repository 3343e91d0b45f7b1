import { timingSafeEqual } from 'node:crypto';

/** GET /metrics, the Prometheus scrape path of every service. */
export const METRICS_PATH = '/metrics';

/**
 * Who may read a service's /metrics. With a `token` (METRICS_TOKEN), only a scraper sending
 * `Authorization: Bearer <token>`; without one, `open` (the internal services: reachable only on
 * the service network) or `hidden` (the gateway, the one public door: 404, as if there were no
 * such path).
 */
export interface MetricsPolicy {
  token?: string | undefined;
  withoutToken: 'open' | 'hidden';
}

/** What a scrape request gets: the metrics, a 401, or a 404. */
export type MetricsAccess = 'serve' | 'unauthorized' | 'not-found';

/** The rule, on its own; the token is compared in constant time. */
export function metricsAccess(policy: MetricsPolicy, authorization: string | null): MetricsAccess {
  if (!policy.token) return policy.withoutToken === 'open' ? 'serve' : 'not-found';
  const sent = authorization === null ? undefined : /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
  if (sent === undefined) return 'unauthorized';
  const a = new Bun.CryptoHasher('sha256').update(sent).digest();
  const b = new Bun.CryptoHasher('sha256').update(policy.token).digest();
  return timingSafeEqual(a, b) ? 'serve' : 'unauthorized';
}
