/**
 * What one OFREP bulk evaluation costs inside the growth process, measured in process through
 * `app.handle` (no sockets, no gateway): the bench's 50 flags with 5 rules each, asked for with
 * one repeated context (as `bun run bench` does) and with a new device on every request (a cold
 * answer each time). CPU microseconds per request from process.cpuUsage, which counts only this
 * process's work, so the figures hold on a loaded machine. `bun
 * services/growth/src/bench/bulk-cost.ts` prints them; scripts/bench/profile-growth.ts runs it
 * before measuring through the gateway. docs/flags.md has the figures.
 */
import { createGrowthUnderTest } from '../testing.ts';

export const BENCH_FLAGS = 50;
export const BENCH_RULES = 5;
/** The context the bench sends: market AU meets only the last rule of each flag, so every rule is tried. */
export const BENCH_CONTEXT = { targetingKey: 'bench-device', market: 'AU', lang: 'en' };

/** A bench flag: four targeted rules that never match the bench's context, then a 50 % split for market AU. */
export function benchFlag() {
  const markets = ['IN', 'AE', 'DE', 'US', 'AU'];
  return {
    type: 'string',
    enabled: true,
    defaultValue: 'off',
    variants: [
      { key: 'a', value: 'A', weight: 0.5 },
      { key: 'b', value: 'B', weight: 0.5 },
    ],
    rules: Array.from({ length: BENCH_RULES }, (_, r) =>
      r === BENCH_RULES - 1
        ? { when: { market: markets[r] }, percentage: 50 }
        : { when: { market: markets[r], lang: 'hi', platform: `p${r}` }, value: `rule-${r}` },
    ),
  };
}

export interface BulkCost {
  /** CPU us per request, the same context every time. */
  repeatedUs: number;
  /** CPU us per request, a new deviceId every time. */
  newDeviceUs: number;
  bodyBytes: number;
  requests: number;
}

export async function measureBulkCost(requests = 20_000): Promise<BulkCost> {
  const g = await createGrowthUnderTest();
  const admin = await g.tokenFor('admin');
  for (let i = 0; i < BENCH_FLAGS; i++) {
    const r = await g.call('PUT', `/flags/bench-flag-${i}`, { token: admin.token, body: benchFlag() });
    if (r.status !== 201) throw new Error(`PUT bench-flag-${i} answered ${r.status}`);
  }
  const ask = async (context: object) => {
    const res = await g.app.handle(
      new Request('http://localhost/ofrep/v1/evaluate/flags', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ context }),
      }),
    );
    return res.text();
  };
  const cpuPerRequest = async (contextOf: (n: number) => object) => {
    for (let n = 0; n < 2000; n++) await ask(contextOf(-n - 1));
    const before = process.cpuUsage();
    for (let n = 0; n < requests; n++) await ask(contextOf(n));
    const used = process.cpuUsage(before);
    return (used.user + used.system) / requests;
  };
  const bodyBytes = (await ask(BENCH_CONTEXT)).length;
  const repeatedUs = await cpuPerRequest(() => BENCH_CONTEXT);
  const newDeviceUs = await cpuPerRequest((n) => ({ ...BENCH_CONTEXT, targetingKey: `device-${n}` }));
  return { repeatedUs, newDeviceUs, bodyBytes, requests };
}

if (import.meta.main) {
  const r = await measureBulkCost(Number(process.env.BULK_COST_REQUESTS ?? 20_000));
  console.log(
    `OFREP bulk evaluation in process (${BENCH_FLAGS} flags x ${BENCH_RULES} rules, ${r.bodyBytes} bytes, ${r.requests} requests each): ` +
      `repeated context ${r.repeatedUs.toFixed(1)} us CPU per request, new device each time ${r.newDeviceUs.toFixed(1)} us`,
  );
  process.exit(0);
}
