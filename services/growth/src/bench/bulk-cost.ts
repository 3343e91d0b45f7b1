/**
 * What one OFREP bulk evaluation costs inside the growth process, measured in process through
 * `app.handle` (no sockets, no gateway): the bench's 50 flags with 5 rules each, asked for with
 * one repeated context (as `bun run bench` does) and with a new device on every request (a cold
 * answer each time), and the 50 flags' evaluation alone against the same 50 through the
 * OpenFeature SDK's client one by one. CPU microseconds per request from process.cpuUsage, which counts only this
 * process's work, so the figures hold on a loaded machine. `bun
 * services/growth/src/bench/bulk-cost.ts` prints them; scripts/bench/profile-growth.ts runs it
 * before measuring through the gateway. docs/flags.md has the figures.
 */
import { answerFlag, prepareContext } from '../flags/evaluate.ts';
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
  /** CPU us for the 50 flags' evaluation alone (answerFlag), the bulk path. */
  evaluationUs: number;
  /** CPU us for the 50 flags one by one through the OpenFeature SDK's client (the single-flag path). */
  sdkClientUs: number;
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
  let n = 0;
  const cpuPerRequest = (contextOf: (n: number) => object) => cpuOf(requests, () => ask(contextOf(n++)));
  const bodyBytes = (await ask(BENCH_CONTEXT)).length;
  const repeatedUs = await cpuPerRequest(() => BENCH_CONTEXT);
  const newDeviceUs = await cpuPerRequest((n) => ({ ...BENCH_CONTEXT, targetingKey: `device-${n}` }));
  const flags = [...(await g.parts.snapshot.current()).values()];
  const context = { deviceId: BENCH_CONTEXT.targetingKey, market: BENCH_CONTEXT.market, lang: BENCH_CONTEXT.lang };
  const evaluationUs = await cpuOf(requests, () => {
    const prepared = prepareContext(context);
    for (const flag of flags) answerFlag(flag, prepared);
  });
  const sdkClientUs = await cpuOf(requests / 10, async () => {
    for (const flag of flags) await g.parts.evaluator.evaluateOne(flag._id, context);
  });
  return { repeatedUs, newDeviceUs, evaluationUs, sdkClientUs, bodyBytes, requests };
}

/** CPU microseconds per call of `f`, after a warm-up of a tenth as many calls. */
async function cpuOf(calls: number, f: () => unknown): Promise<number> {
  for (let n = 0; n < calls / 10; n++) await f();
  const before = process.cpuUsage();
  for (let n = 0; n < calls; n++) await f();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / calls;
}

if (import.meta.main) {
  const r = await measureBulkCost(Number(process.env.BULK_COST_REQUESTS ?? 20_000));
  console.log(
    `OFREP bulk evaluation in process (${BENCH_FLAGS} flags x ${BENCH_RULES} rules, ${r.bodyBytes} bytes, ${r.requests} requests each): ` +
      `repeated context ${r.repeatedUs.toFixed(1)} us CPU per request, new device each time ${r.newDeviceUs.toFixed(1)} us; ` +
      `the ${BENCH_FLAGS} flags' evaluation alone ${r.evaluationUs.toFixed(1)} us, through the OpenFeature SDK's client one by one ${r.sdkClientUs.toFixed(1)} us`,
  );
  process.exit(0);
}
