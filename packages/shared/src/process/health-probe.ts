/**
 * `bun packages/shared/src/process/health-probe.ts`: the container health check of every service
 * (Dockerfile HEALTHCHECK, compose healthcheck). Exits 0 when the service on 127.0.0.1:$PORT
 * answers HEALTH_PATH with a 2xx within 2 s (inside the 3 s Docker gives a check), 1 otherwise.
 */
import { HEALTH_PATH } from '../core/health.ts';

const port = process.env.PORT ?? '';
try {
  const res = await fetch(`http://127.0.0.1:${port}${HEALTH_PATH}`, { signal: AbortSignal.timeout(2000) });
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}
