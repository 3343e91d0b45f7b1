/**
 * The bench's CPU readings from /proc (scripts/bench/processes.ts): the machine's idle share and
 * each thread of a process, which scripts/bench/profile-gateway.ts prints per case.
 */
import { describe, expect, it } from 'bun:test';
import { machineTicks, parseTaskStat, threadSeconds } from '../../scripts/bench/processes.ts';

/** Works on this thread until `done()` says so or `limitMs` of wall time pass; whether done() said so. */
function spinUntil(done: () => boolean, limitMs: number): boolean {
  const until = performance.now() + limitMs;
  let x = 0;
  while (performance.now() < until) {
    for (let i = 0; i < 100_000; i++) x += Math.sqrt(x + i);
    if (done()) return x > 0;
  }
  return false;
}

/** A task stat line as the kernel writes it: pid, (name), state, then numbered fields (utime and stime are the 14th and 15th). */
const statLine = (name: string, utime: number, stime: number) =>
  `4242 (${name}) S 1 4242 4242 0 -1 4194560 100 0 0 0 ${utime} ${stime} 0 0 20 0 9 0 123 456 789 0`;

describe("the bench's CPU readings", () => {
  it('reads a thread name with spaces and parentheses, and user plus system ticks as seconds', () => {
    expect(parseTaskStat(statLine('HTTP Client', 150, 50))).toEqual({ name: 'HTTP Client', seconds: 2 });
    expect(parseTaskStat(statLine('a) (b c', 7, 3))).toEqual({ name: 'a) (b c', seconds: 0.1 });
    expect(parseTaskStat(statLine('bun.exe', 0, 0))).toEqual({ name: 'bun.exe', seconds: 0 });
  });

  it('reads every thread of this process by id, its main thread growing with the work done on it', async () => {
    // A fetch starts Bun's HTTP client thread beside the main one.
    const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('ok') });
    try {
      expect(await (await fetch(`http://127.0.0.1:${server.port}/`)).text()).toBe('ok');
    } finally {
      server.stop(true);
    }
    const threads = threadSeconds(process.pid);
    expect(threads.size).toBeGreaterThan(1);
    const start = threads.get(process.pid)?.seconds ?? Number.NaN;
    expect(start).toBeGreaterThan(0);
    for (const t of threads.values()) {
      expect(t.name.length).toBeGreaterThan(0);
      expect(Number.isFinite(t.seconds) && t.seconds >= 0).toBe(true);
    }
    // However busy the machine, the main thread's reading reaches 0.2 s more once it has worked that long.
    const grew = spinUntil(() => (threadSeconds(process.pid).get(process.pid)?.seconds ?? 0) - start >= 0.2, 10_000);
    expect(grew).toBe(true);
  });

  it('reads nothing for a process that is gone', () => {
    expect(threadSeconds(2 ** 30).size).toBe(0);
  });

  it("reads the machine's idle and total time, the total growing while this thread works", () => {
    const before = machineTicks();
    let busy = { idle: 0, total: 0 };
    const grew = spinUntil(() => {
      const now = machineTicks();
      busy = { idle: now.idle - before.idle, total: now.total - before.total };
      return busy.total >= 20;
    }, 10_000);
    expect(grew).toBe(true);
    expect(busy.idle).toBeGreaterThanOrEqual(0);
    expect(busy.idle).toBeLessThan(busy.total);
  });
});
