/** Latency measurement for bench:scale: sequential requests, and a steady request rate. */

/** p50 and p99 of some durations in milliseconds. */
export function percentiles(ms: number[]): { p50: number; p99: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99) };
}

/** One request, timed to the last byte of its body; throws unless the status is the expected one. */
export async function timed(url: string, init: RequestInit = {}, expect = 200): Promise<{ ms: number; body: string; res: Response }> {
  const t0 = performance.now();
  const res = await fetch(url, init);
  const body = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== expect) throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status} (wanted ${expect}): ${body.slice(0, 200)}`);
  return { ms, body, res };
}

/** `n` sequential requests (after 5 warm-up ones), each from `make(i)`. */
export async function sequential(n: number, make: (i: number) => { url: string; init?: RequestInit; expect?: number }): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 5; i++) {
    const r = make(i);
    await timed(r.url, r.init, r.expect);
  }
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = make(i + 5);
    ms.push((await timed(r.url, r.init, r.expect)).ms);
  }
  return percentiles(ms);
}

/**
 * Requests started at a steady `perSecond` for `seconds` (not waiting for each other), every one
 * counted from the first second: p50/p99 of all, the p99 of the first 10 s apart (where the last
 * phase's garbage would show), how many were 504 or failed, and every duration (ms, in order of completion).
 */
export async function steady(
  perSecond: number,
  seconds: number,
  make: (i: number) => { url: string; init?: RequestInit },
): Promise<{ p50: number; p99: number; p99First10s: number; errors: number; timeouts: number; ms: number[] }> {
  const ms: number[] = [];
  const first10s: number[] = [];
  let errors = 0;
  let timeouts = 0;
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < perSecond * seconds; i++) {
    const due = start + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await Bun.sleep(wait);
    const r = make(i);
    pending.push(
      (async () => {
        const t0 = performance.now();
        const res = await fetch(r.url, r.init).catch(() => undefined);
        await res?.arrayBuffer();
        ms.push(performance.now() - t0);
        if (i < perSecond * 10) first10s.push(performance.now() - t0);
        if (!res) errors++;
        else if (res.status === 504) timeouts++;
        else if (res.status !== 200) errors++;
      })(),
    );
  }
  await Promise.all(pending);
  return { ...percentiles(ms), p99First10s: percentiles(first10s).p99, errors, timeouts, ms };
}

/** A process's memory in MB, from /proc: resident now (VmRSS) and its peak since it was spawned (VmHWM). */
export async function memoryMb(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await Bun.file(`/proc/${pid}/status`)
    .text()
    .catch(() => '');
  const mb = (field: string) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN) / 1024);
  return { rss: mb('VmRSS'), peak: mb('VmHWM') };
}

/** What requests through the gateway met once a service first said ready. */
export interface AfterReady {
  /** Spawn to the first /readyz 200. */
  readyMs: number;
  /** The first /readyz 200 to the first 200 through the gateway. */
  firstOkMs: number;
  /** The slowest request of the window, and how many answered 5xx or not at all. */
  slowestMs: number;
  /** When the slowest request was sent (ms after the first /readyz 200) and what it asked for (path and query). */
  slowestSentMs: number;
  slowestPath: string;
  failures: number;
  requests: number;
}

/**
 * Polls `readyUrl` (every 25 ms) until it answers 200, then sends `make(i)` through the gateway,
 * one after another, for `windowMs`: what a load balancer sending traffic on the first 200 would
 * see. `spawnedAt` is the performance.now() of the service's spawn.
 */
export async function afterReadiness(
  readyUrl: string,
  spawnedAt: number,
  make: (i: number) => { url: string; init?: RequestInit },
  windowMs: number,
  alive: () => boolean,
  gatewayUp: Promise<unknown>,
): Promise<AfterReady> {
  for (;;) {
    if (!alive()) throw new Error(`the process behind ${readyUrl} exited before it was ready`);
    const res = await fetch(readyUrl, { signal: AbortSignal.timeout(2_000) }).catch(() => undefined);
    await res?.arrayBuffer();
    if (res?.status === 200) break;
    await Bun.sleep(25);
  }
  const readyAt = performance.now();
  // Only ever a wait at the smallest sizes, where a service can be ready before the gateway listens.
  await gatewayUp;
  let firstOkMs = Number.NaN;
  let slowestMs = 0;
  let slowestSentMs = 0;
  let slowestPath = '';
  let failures = 0;
  let requests = 0;
  while (performance.now() - readyAt < windowMs) {
    const r = make(requests++);
    const t0 = performance.now();
    const res = await fetch(r.url, { ...r.init, signal: AbortSignal.timeout(30_000) }).catch(() => undefined);
    await res?.arrayBuffer();
    const t1 = performance.now();
    if (t1 - t0 > slowestMs) {
      slowestMs = t1 - t0;
      slowestSentMs = t0 - readyAt;
      const u = new URL(r.url);
      slowestPath = `${r.init?.method ?? 'GET'} ${u.pathname}${u.search}`;
    }
    if (!res || res.status >= 500) failures++;
    else if (res.status === 200 && Number.isNaN(firstOkMs)) firstOkMs = t1 - readyAt;
  }
  return { readyMs: Math.round(readyAt - spawnedAt), firstOkMs, slowestMs, slowestSentMs, slowestPath, failures, requests };
}
