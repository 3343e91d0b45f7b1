/**
 * The two health paths, written once: every service serves them (serviceBase), the gateway
 * exempts them from its policy, and probes (Dockerfile, compose, supervisors, tests) call them.
 * `/healthz`: the process is alive. `/readyz`: per-dependency status, 503 only when it cannot serve.
 */
export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';

/** True for /healthz and /readyz (exact: no query, no trailing slash). */
export function isHealthPath(path: string): boolean {
  return path === HEALTH_PATH || path === READY_PATH;
}
