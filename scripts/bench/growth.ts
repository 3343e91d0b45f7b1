/**
 * The growth cases of `bun run bench` (issue 23): OFREP bulk evaluation of 50 flags with 5 rules
 * each through the gateway, measured with the run's load generator beside GET
 * /api/services/catalog in the same round (the ratio and p99 the issue sets targets for), and
 * tracking ingest of 50-event batches through the gateway, driven by concurrent senders so every
 * event has its own messageId (a fixed body would be all duplicates after the first request).
 */
import { BENCH_CONTEXT, BENCH_FLAGS, BENCH_RULES, benchFlag } from '@tm/growth/bench/bulk-cost';
import type { LoadCase, LoadGenerator, LoadResult } from './load.ts';

export interface GrowthResult {
  flags: number;
  rulesPerFlag: number;
  rounds: { ofrep: LoadResult; catalog: LoadResult }[];
  tracking: {
    senders: number;
    batchSize: number;
    durationS: number;
    batches: number;
    events: number;
    eventsPerS: number;
    p50Ms: number;
    p99Ms: number;
    failures: number;
  };
}

const FLAGS = BENCH_FLAGS;
const RULES = BENCH_RULES;
const BATCH = 50;

/** Creates the bench's flags through the gateway (admin token) and gives the tracking devices consent. */
export async function prepareGrowth(gateway: string, adminToken: string, devices: string[]): Promise<void> {
  for (let i = 0; i < FLAGS; i++) {
    const flag = benchFlag();
    const res = await fetch(`${gateway}/api/flags/bench-flag-${i}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify(flag),
    });
    if (res.status !== 201 && res.status !== 200) throw new Error(`PUT /api/flags/bench-flag-${i} answered ${res.status}: ${await res.text()}`);
  }
  for (const anonymousId of devices) {
    const res = await fetch(`${gateway}/api/consents`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ anonymousId, purposes: { analytics: true, marketing: false }, noticeVersion: 'bench' }),
    });
    if (res.status !== 200) throw new Error(`PUT /api/consents answered ${res.status}`);
  }
}

/** The measured OFREP request: the last rule of every flag applies (market AU, a 50 % split), so every flag is evaluated through all five rules. */
export function ofrepCase(base: string): LoadCase {
  return {
    url: `${base}/ofrep/v1/evaluate/flags`,
    method: 'POST',
    body: JSON.stringify({ context: BENCH_CONTEXT }),
  };
}

export async function runGrowth(o: {
  gateway: string;
  adminToken: string;
  load: LoadGenerator;
  rounds: number;
  durationS: number;
  warmupS: number;
  connections: number;
  senders: number;
  log: (msg: string) => void;
}): Promise<GrowthResult> {
  const devices = Array.from({ length: o.senders }, (_, i) => `bench-device-${i}`);
  await prepareGrowth(o.gateway, o.adminToken, devices);
  const ofrep = ofrepCase(o.gateway);
  const catalog: LoadCase = { url: `${o.gateway}/api/services/catalog`, method: 'GET' };
  const probe = (await (await fetch(ofrep.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: ofrep.body })).json()) as {
    flags: unknown[];
  };
  if (probe.flags.length !== FLAGS) throw new Error(`OFREP answered ${probe.flags.length} flags, expected ${FLAGS}`);
  const rounds: GrowthResult['rounds'] = [];
  for (let round = 1; round <= o.rounds; round++) {
    const results: Partial<Record<'ofrep' | 'catalog', LoadResult>> = {};
    for (const [name, c] of [['catalog', catalog] as const, ['ofrep', ofrep] as const]) {
      await o.load.run(c, { durationS: o.warmupS, connections: o.connections });
      results[name] = await o.load.run(c, { durationS: o.durationS, connections: o.connections });
      o.log(`growth round ${round}/${o.rounds}: ${name} ${Math.round(results[name]?.requestsPerS ?? 0)} req/s, p99 ${results[name]?.p99Ms.toFixed(2)} ms`);
    }
    rounds.push(results as GrowthResult['rounds'][number]);
  }
  return { flags: FLAGS, rulesPerFlag: RULES, rounds, tracking: await runTracking(o.gateway, devices, o.durationS) };
}

async function runTracking(gateway: string, devices: string[], durationS: number): Promise<GrowthResult['tracking']> {
  const latencies: number[] = [];
  let events = 0;
  let failures = 0;
  let n = 0;
  const deadline = performance.now() + durationS * 1000;
  const started = performance.now();
  await Promise.all(
    devices.map(async (anonymousId) => {
      while (performance.now() < deadline) {
        const now = new Date().toISOString();
        const batch = Array.from({ length: BATCH }, () => ({
          type: 'track',
          messageId: `bench-${anonymousId}-${++n}`,
          anonymousId,
          event: 'Viewed Service',
          properties: { slug: 'react-developer' },
          timestamp: now,
        }));
        const t0 = performance.now();
        const res = await fetch(`${gateway}/api/track`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ batch, sentAt: now }),
        });
        const body = (await res.json()) as { data?: { accepted: number } };
        latencies.push(performance.now() - t0);
        if (res.status === 200 && body.data?.accepted === BATCH) events += BATCH;
        else failures++;
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return {
    senders: devices.length,
    batchSize: BATCH,
    durationS,
    batches: latencies.length,
    events,
    eventsPerS: events / elapsedS,
    p50Ms: at(50),
    p99Ms: at(99),
    failures,
  };
}

/** The growth section of BENCHMARKS.md. */
export function growthMarkdown(r: GrowthResult): string {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? 0;
  const rows = r.rounds.map(
    (x, i) =>
      `| ${i + 1} | ${Math.round(x.ofrep.requestsPerS)} | ${x.ofrep.p99Ms.toFixed(2)} | ${Math.round(x.catalog.requestsPerS)} | ${x.catalog.p99Ms.toFixed(2)} | ${(x.ofrep.requestsPerS / x.catalog.requestsPerS).toFixed(2)} |`,
  );
  const ratio = median(r.rounds.map((x) => x.ofrep.requestsPerS / x.catalog.requestsPerS));
  const p99 = median(r.rounds.map((x) => x.ofrep.p99Ms));
  const t = r.tracking;
  return `## Growth (flags and tracking)

OFREP bulk evaluation (\`POST /ofrep/v1/evaluate/flags\`, ${r.flags} flags with ${r.rulesPerFlag} rules each, every flag
evaluated through all its rules) against \`GET /api/services/catalog\`, both through the gateway in the same round.
Targets (issue 23): ratio at least 0.8, OFREP p99 under 10 ms.

| round | OFREP req/s | OFREP p99 ms | catalog req/s | catalog p99 ms | OFREP / catalog |
|---|---:|---:|---:|---:|---:|
${rows.join('\n')}

Median ratio ${ratio.toFixed(2)}, median OFREP p99 ${p99.toFixed(2)} ms.

Tracking ingest through the gateway: ${t.senders} concurrent senders, batches of ${t.batchSize} events (each its own
messageId, consented devices), ${t.durationS} s on the embedded defaults: ${t.events} events stored in ${t.batches} batches,
**${Math.round(t.eventsPerS)} events/s**, batch p50 ${t.p50Ms.toFixed(2)} ms, p99 ${t.p99Ms.toFixed(2)} ms, failures ${t.failures}
(target 20,000 events/s).
`;
}
