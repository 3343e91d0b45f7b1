/**
 * A bound, never shipped (issue 25, docs/benchmarks.md "Eighth pass"): the least a Bun gateway can
 * do per request with the policies the issue names, written straight, to see how far below nginx
 * any gateway on Bun with those policies lands on the machine at hand. Per request: the client IP
 * from the socket, a token found in a cache (as the gateway's verified-token cache hits), the
 * count on Redis with the gateway's script (coalesced per key, at most two flights, as
 * coalesce.ts), the read sent to the service while it is counted, a request id and a traceparent,
 * the upstream headers copied with the three the gateway sets, the five RateLimit headers and the
 * request id on the answer, and one JSON access line, written once per event-loop turn.
 *
 * What it leaves out, which the gateway has: metrics and the request's span, the request scope
 * (trace ids on every log line), the access table and the revocation check, CORS, body limits,
 * the upstream deadline, the envelope check, hop-by-hop hygiene beyond two names, a 429 (the
 * quota is never reached here) and every failure path. So it is a floor under the real gateway's
 * cost, not a design for it.
 *
 * Run by scripts/bench/profile-gateway.ts with PROFILE_MINIMAL=1 (PORT, UPSTREAM_URL, REDIS_URL,
 * REDIS_PREFIX, LOG_FILE).
 */
import { openSync, writeSync } from 'node:fs';
import { INCR_TTL } from '@tm/gateway/policy/count-script';
import { RedisClient } from 'bun';

const upstream = process.env.UPSTREAM_URL;
const port = Number(process.env.PORT);
if (!upstream || !Number.isInteger(port)) throw new Error('UPSTREAM_URL and PORT are required');
const prefix = process.env.REDIS_PREFIX ?? 'minimal-gateway:';
const QUOTA = 50_000_000;
const WINDOW_S = 60;
const MAX_FLIGHTS = 2;

const redis = new RedisClient(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { enableAutoPipelining: true });
await redis.connect();
interface Counted {
  consumed: number;
  ttlMs: number;
}
interface KeyState {
  flights: number;
  waiting: { resolve: (c: Counted) => void; reject: (err: unknown) => void }[];
}
const keys = new Map<string, KeyState>();

/** One flight for everyone waiting on `key`; the reply is shared out in order, each its own count. */
function fly(key: string, state: KeyState): void {
  const waiters = state.waiting;
  state.waiting = [];
  state.flights++;
  (redis.send('EVAL', [INCR_TTL, '1', `${prefix}${key}`, String(waiters.length), String(WINDOW_S)]) as Promise<[number, number]>).then(
    ([consumed, ttlMs]) => {
      state.flights--;
      let n = consumed - waiters.length;
      for (const w of waiters) w.resolve({ consumed: ++n, ttlMs });
      if (state.waiting.length > 0 && state.flights < MAX_FLIGHTS) fly(key, state);
    },
    (err: unknown) => {
      // A bench tool: the requests counted on this flight fail (a 500 the run reports as non-2xx).
      state.flights--;
      for (const w of waiters) w.reject(err);
      if (state.waiting.length > 0 && state.flights < MAX_FLIGHTS) fly(key, state);
    },
  );
}

function count(key: string): Promise<Counted> {
  return new Promise((resolve, reject) => {
    let state = keys.get(key);
    if (state === undefined) {
      state = { flights: 0, waiting: [] };
      keys.set(key, state);
    }
    state.waiting.push({ resolve, reject });
    if (state.waiting.length === 1 && state.flights < MAX_FLIGHTS) {
      const s = state;
      queueMicrotask(() => {
        if (s.waiting.length > 0 && s.flights < MAX_FLIGHTS) fly(key, s);
      });
    }
  });
}

const tokens = new Map<string, string>();
const log = openSync(process.env.LOG_FILE ?? '/dev/null', 'a');
let lines: string[] = [];
function flushLines(): void {
  const batch = lines;
  lines = [];
  writeSync(log, `${batch.join('\n')}\n`);
}
const spanId = () => crypto.randomUUID().replaceAll('-', '').slice(0, 16);

const server = Bun.serve({
  hostname: '127.0.0.1',
  port,
  async fetch(request, srv) {
    const startedAt = performance.now();
    const url = request.url;
    const pathStart = url.indexOf('/', url.indexOf('://') + 3);
    const q = url.indexOf('?', pathStart);
    const path = url.slice(pathStart, q < 0 ? url.length : q);
    if (!path.startsWith('/api/')) return new Response(null, { status: 404 });
    const ip = srv.requestIP(request)?.address ?? 'unknown';
    const authorization = request.headers.get('authorization');
    let key = `ip:${ip}`;
    if (authorization !== null) {
      let sub = tokens.get(authorization);
      if (sub === undefined) {
        sub = authorization.slice(-16);
        tokens.set(authorization, sub);
      }
      key = `sub:${sub}`;
    }
    const requestId = crypto.randomUUID();
    const traceId = crypto.randomUUID().replaceAll('-', '');
    const headers = new Headers(request.headers);
    headers.delete('host');
    headers.delete('connection');
    headers.set('x-forwarded-for', ip);
    headers.set('x-request-id', requestId);
    headers.set('traceparent', `00-${traceId}-${spanId()}-01`);
    const counting = count(key);
    const answering = fetch(`${upstream}${url.slice(pathStart + 4)}`, { method: request.method, headers, redirect: 'manual' });
    const [{ consumed, ttlMs }, response] = await Promise.all([counting, answering]);
    const out = response.headers;
    out.delete('connection');
    out.delete('keep-alive');
    const remaining = String(Math.max(0, QUOTA - consumed));
    const reset = String(Math.max(1, Math.ceil(ttlMs / 1000)));
    out.set('ratelimit-limit', String(QUOTA));
    out.set('ratelimit-remaining', remaining);
    out.set('ratelimit-reset', reset);
    out.set('ratelimit-policy', `"anonymous";q=${QUOTA};w=${WINDOW_S}`);
    out.set('ratelimit', `"anonymous";r=${remaining};t=${reset}`);
    out.set('x-request-id', requestId);
    if (lines.length === 0) setImmediate(flushLines);
    lines.push(
      JSON.stringify({
        ts: new Date().toISOString(),
        level: 'info',
        service: 'gateway',
        msg: 'request',
        requestId,
        traceId,
        method: request.method,
        path,
        route: '/api/*',
        status: response.status,
        durationMs: Math.round((performance.now() - startedAt) * 100) / 100,
      }),
    );
    return response;
  },
});
console.log(`minimal gateway on ${server.port} -> ${upstream}`);
process.on('SIGTERM', () => {
  server.stop(true);
  redis.close();
  process.exit(0);
});
