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

/** Requests started at a steady `perSecond` for `seconds` (not waiting for each other); p99 and how many were 504 or failed. */
export async function steady(
  perSecond: number,
  seconds: number,
  make: (i: number) => { url: string; init?: RequestInit },
): Promise<{ p50: number; p99: number; errors: number; timeouts: number }> {
  const ms: number[] = [];
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
        if (!res) errors++;
        else if (res.status === 504) timeouts++;
        else if (res.status !== 200) errors++;
      })(),
    );
  }
  await Promise.all(pending);
  return { ...percentiles(ms), errors, timeouts };
}

/** Resident memory of a process in MB, from /proc. */
export async function rssMb(pid: number): Promise<number> {
  const status = await Bun.file(`/proc/${pid}/status`)
    .text()
    .catch(() => '');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kb / 1024);
}
