/**
 * The bench's CPU readings from /proc (scripts/bench/processes.ts): the machine's idle share and
 * each thread of a process, which scripts/bench/profile-gateway.ts prints per case.
 */
import { describe, expect, it } from 'bun:test';
import { machineTicks, threadSeconds } from '../../scripts/bench/processes.ts';

/** Keeps this thread busy for `ms` milliseconds. */
function spin(ms: number): void {
  const until = performance.now() + ms;
  let x = 0;
  while (performance.now() < until) x += Math.sqrt(x + 1);
  expect(x).toBeGreaterThan(0);
}

describe("the bench's CPU readings", () => {
  it("reads each thread of a process by id and name, its main thread's time growing with the work done on it", async () => {
    // A fetch starts Bun's HTTP client thread, whose name has a space (the stat line's name field is parenthesised).
    const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('ok') });
    try {
      expect(await (await fetch(`http://127.0.0.1:${server.port}/`)).text()).toBe('ok');
    } finally {
      server.stop(true);
    }
    const before = threadSeconds(process.pid);
    spin(300);
    const after = threadSeconds(process.pid);
    const main = after.get(process.pid);
    expect(main).toBeDefined();
    expect((main?.seconds ?? 0) - (before.get(process.pid)?.seconds ?? 0)).toBeGreaterThanOrEqual(0.2);
    expect([...after.values()].some((t) => t.name.includes(' '))).toBe(true);
    for (const t of after.values()) {
      expect(t.name.length).toBeGreaterThan(0);
      expect(Number.isFinite(t.seconds) && t.seconds >= 0).toBe(true);
    }
  });

  it('reads nothing for a process that is gone', () => {
    expect(threadSeconds(2 ** 30).size).toBe(0);
  });

  it("reads the machine's idle and total time, the total growing while this thread works", () => {
    const before = machineTicks();
    spin(300);
    const after = machineTicks();
    const total = after.total - before.total;
    const idle = after.idle - before.idle;
    expect(total).toBeGreaterThanOrEqual(20);
    expect(idle).toBeGreaterThanOrEqual(0);
    expect(idle).toBeLessThan(total);
  });
});
