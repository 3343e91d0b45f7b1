/**
 * The content case of `bun run bench` (issue 20): GET /api/i18n/{lang}/{ns} and GET
 * /api/legal/terms through the gateway, next to GET /api/services/catalog in the same rounds
 * (all three are prebuilt answers with ETags), reported as requests/s and the ratio to the
 * catalog (target >= 0.8); and a bundle answered 304 for its If-None-Match, at one connection so
 * its p50 is the cost of one request rather than of a queue (target < 1 ms).
 */
import type { LoadCase, LoadGenerator, LoadResult } from './load.ts';
import { median } from './report.ts';

/** What the content case produced: per endpoint the median over rounds. */
export interface ContentBenchResult {
  rounds: number;
  durationS: number;
  connections: number;
  cases: { name: string; requestsPerS: number; p50Ms: number; p99Ms: number; non2xx: number }[];
  notModified: { requestsPerS: number; p50Ms: number; p99Ms: number };
}

/** Each case must answer as measured before it is measured: 200 (and 304 for the revalidation). */
async function check(c: LoadCase, status: number): Promise<void> {
  const res = await fetch(c.url, { headers: c.headers ?? {} });
  await res.body?.cancel();
  if (res.status !== status) throw new Error(`GET ${c.url} answered ${res.status}, expected ${status}`);
}

export async function runContentBench(o: {
  load: LoadGenerator;
  gateway: string;
  rounds: number;
  durationS: number;
  warmupS: number;
  connections: number;
  log: (msg: string) => void;
}): Promise<ContentBenchResult> {
  const api = `${o.gateway}/api`;
  const bundle = `${api}/i18n/en/common`;
  const etag = (await fetch(bundle)).headers.get('etag');
  if (!etag) throw new Error(`GET ${bundle} sent no ETag`);
  const cases: { name: string; request: LoadCase }[] = [
    { name: 'GET /api/services/catalog', request: { url: `${api}/services/catalog`, method: 'GET' } },
    { name: 'GET /api/i18n/en/common', request: { url: bundle, method: 'GET' } },
    { name: 'GET /api/legal/terms', request: { url: `${api}/legal/terms`, method: 'GET' } },
  ];
  const revalidate: LoadCase = { url: bundle, method: 'GET', headers: { 'If-None-Match': etag } };
  for (const c of cases) await check(c.request, 200);
  await check(revalidate, 304);

  const samples = new Map<string, LoadResult[]>(cases.map((c) => [c.name, []]));
  const notModified: LoadResult[] = [];
  for (let round = 1; round <= o.rounds; round++) {
    for (const c of cases) {
      await o.load.run(c.request, { durationS: o.warmupS, connections: o.connections });
      const r = await o.load.run(c.request, { durationS: o.durationS, connections: o.connections });
      samples.get(c.name)?.push(r);
      o.log(`content round ${round}/${o.rounds}: ${c.name}: ${Math.round(r.requestsPerS)} req/s, p50 ${r.p50Ms.toFixed(2)} ms`);
    }
    const r = await o.load.run(revalidate, { durationS: o.durationS, connections: 1 });
    notModified.push(r);
    o.log(`content round ${round}/${o.rounds}: 304 of GET /api/i18n/en/common at 1 connection: p50 ${r.p50Ms.toFixed(3)} ms`);
  }
  return {
    rounds: o.rounds,
    durationS: o.durationS,
    connections: o.connections,
    cases: cases.map(({ name }) => {
      const rs = samples.get(name) ?? [];
      return {
        name,
        requestsPerS: median(rs.map((r) => r.requestsPerS)),
        p50Ms: median(rs.map((r) => r.p50Ms)),
        p99Ms: median(rs.map((r) => r.p99Ms)),
        non2xx: rs.reduce((n, r) => n + r.non2xx, 0),
      };
    }),
    notModified: {
      requestsPerS: median(notModified.map((r) => r.requestsPerS)),
      p50Ms: median(notModified.map((r) => r.p50Ms)),
      p99Ms: median(notModified.map((r) => r.p99Ms)),
    },
  };
}

/** The section BENCHMARKS.md gets. */
export function contentMarkdown(r: ContentBenchResult): string {
  const catalog = r.cases[0]?.requestsPerS ?? 0;
  const rows = r.cases.map((c) => {
    const ratio = catalog > 0 ? c.requestsPerS / catalog : 0;
    const verdict = c === r.cases[0] ? 'baseline' : ratio >= 0.8 ? 'meets >= 0.8' : 'below 0.8';
    return `| ${c.name} | ${Math.round(c.requestsPerS)} | ${c.p50Ms.toFixed(2)} | ${c.p99Ms.toFixed(2)} | ${c.non2xx} | ${ratio.toFixed(2)} (${verdict}) |`;
  });
  const p50 = r.notModified.p50Ms;
  return `## Content (legal, localization)

Through the gateway (every policy on), anonymously, ${r.connections} connections, ${r.durationS} s per case, median of ${r.rounds} round(s);
all three are prebuilt answers with strong ETags, measured back to back in each round.

| Endpoint | req/s | p50 ms | p99 ms | non-2xx | ratio to the catalog |
| --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

A bundle answered 304 for its \`If-None-Match\` (one connection, so the latency is one request's cost): p50 ${p50.toFixed(3)} ms,
p99 ${r.notModified.p99Ms.toFixed(3)} ms, ${Math.round(r.notModified.requestsPerS)} req/s (${p50 < 1 ? 'meets' : 'misses'} the < 1 ms p50 target).
`;
}
