/**
 * bun run bench:scale — how reads, whole lists, site files, start-up and memory grow with the
 * data. For each size (BENCH_SCALE_SIZES, default 1000,10000,100000 services AND profiles) it
 * starts the system with that much synthetic data, the real gateway in front, measures every read
 * through the gateway, and prints one markdown table with the ratio largest/smallest. `--write`
 * also replaces the bench:scale section of BENCHMARKS.md.
 *
 * BENCH_SCALE_STORE picks where the data lives (docs/scale.md, "Two shapes"):
 * - `embedded` (default; the issue 14 targets are read on it): `bun run start`'s shape, each
 *   service's data in the embedded store inside its own process (each service's
 *   scripts/serve-bench.ts: main.ts's wiring plus the load).
 * - `mongodb`: production's shape, the data in its own process (the wire-level stand-in,
 *   scripts/bench-scale/store.ts), loaded through the driver by each service's
 *   scripts/load-bench.ts; talent and catalog are their real main.ts on MONGODB_URL. The
 *   stand-in is single-threaded JavaScript (BSON in js-bson on both sides), so its figures bound
 *   a real server's from above.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_ROLE, BENCH_TECH } from '@tm/shared/testing';
import { BENCH_SERVICES, benchId } from '../../services/reviews/scripts/bench-data.ts';
import { answersOk, createProcessGroup, freePort, type Started, waitFor } from '../bench/processes.ts';
import { repoRoot, type Spawned, spawnScript, startEmbedded, startOnDatabase, url } from './backends.ts';
import { afterReadiness, memoryMb, sequential, steady, timed } from './measure.ts';
import { renderReport, type SizeResult, type StoreShape, writeBenchmarks } from './report.ts';
import { checkLlmsFiles, indexEntries, sitemapLocs } from './site-check.ts';
import { measureSnapshotReads } from './snapshot-reads.ts';

/** The `i`th tech and role of the first-ask search row: every (tech, role) pair once before any repeats. */
const pairTech = (i: number) => BENCH_TECH[i % BENCH_TECH.length] as string;
const pairRole = (i: number) => BENCH_ROLE[Math.floor(i / BENCH_TECH.length) % BENCH_ROLE.length] as string;
const sizes = (process.env.BENCH_SCALE_SIZES ?? '1000,10000,100000').split(',').map(Number);
const REQUESTS = Number(process.env.BENCH_SCALE_REQUESTS ?? 100);
// 60 s at 10 req/s is 600 samples: the p99 is the 594th, set by the six slowest requests rather
// than three (30 s), and two of the services' 30 s GC ticks fall in the phase at every size.
const STEADY_S = Number(process.env.BENCH_SCALE_STEADY_S ?? 60);
const SETTLE_MS = 5_000;
/** How long requests go through the gateway after a service first says ready. */
const AFTER_READY_MS = 5_000;
const SITE = 'http://bench.localhost';
const shape = (process.env.BENCH_SCALE_STORE ?? 'embedded') as StoreShape;
if (shape !== 'mongodb' && shape !== 'embedded') throw new Error(`BENCH_SCALE_STORE must be mongodb or embedded, not ${shape}`);

const alive = (s: Started) => () => s.proc.exitCode === null && s.proc.signalCode === null;

async function runSize(n: number): Promise<SizeResult> {
  const logDir = mkdtempSync(join(tmpdir(), `bench-scale-${n}-`));
  const group = createProcessGroup(logDir);
  const ports = { talent: freePort(), catalog: freePort(), gateway: freePort(), database: freePort(), search: freePort(), reviews: freePort() };
  const env = { HOST: '127.0.0.1', NODE_ENV: 'development', MONGODB_URL: '', BENCH_SCALE_N: String(n) };
  try {
    // Reviews with N published reviews (over 1,000 services and 500 PMs, in its own embedded store),
    // loaded and idle before the others start, so it takes nothing from their start-up figures and
    // the gateway's first site files already join its ratings index.
    const reviews = spawnScript(group, env, 'reviews', 'services/reviews/scripts/serve-bench.ts', { PORT: String(ports.reviews) });
    await waitFor('reviews', () => answersOk(`${url(ports.reviews)}/readyz`), [reviews], 600_000);
    const { talent, catalog, database } = shape === 'mongodb' ? await startOnDatabase(group, ports, env) : startEmbedded(group, ports, env);
    // The gateway starts with the services, as a deployment does: what a caller meets from each
    // service's first /readyz 200 on is measured through it.
    const gatewaySpawnedAt = performance.now();
    const gateway = spawnScript(group, env, 'gateway', 'services/gateway/src/main.ts', {
      PORT: String(ports.gateway),
      AUTH_URL: 'http://127.0.0.1:9',
      CATALOG_URL: url(ports.catalog),
      TALENT_URL: url(ports.talent),
      SEARCH_URL: url(ports.search),
      REVIEWS_URL: url(ports.reviews),
      PUBLIC_SITE_URL: SITE,
      UPSTREAM_TIMEOUT_MS: '30000',
      RATE_LIMIT_ANON: '50000000',
    });
    const g = url(ports.gateway);
    const gatewayUp = waitFor('gateway', () => answersOk(`${g}/healthz`), [gateway], 60_000).then(() => Math.round(performance.now() - gatewaySpawnedAt));
    const through = async (s: Spawned, readyUrl: string, make: (i: number) => { url: string; init?: RequestInit }) => {
      const ready = await afterReadiness(readyUrl, s.spawnedAt, make, AFTER_READY_MS, alive(s.process), gatewayUp);
      const loadMs = await s.loadMs();
      // Embedded, the load runs inside the service: start-up with the data stored is the rest.
      return { ...ready, loadMs, startMs: shape === 'embedded' ? ready.readyMs - loadMs : ready.readyMs };
    };
    const anyQuote = (i: number) =>
      i % 3 === 0
        ? { url: `${g}/api/services?page=${1 + (i % 7)}&limit=20` }
        : i % 3 === 1
          ? { url: `${g}/api/services?search=developer` }
          : {
              url: `${g}/api/jobs/pricing`,
              init: {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: '{"items":[{"serviceId":"senior-angular-developer-1","hours":40}]}',
              },
            };
    const [catalogStart, talentStart] = await Promise.all([
      through(catalog, `${url(ports.catalog)}/readyz`, anyQuote),
      through(talent, `${url(ports.talent)}/readyz`, (i) => ({
        url: i % 2 ? `${g}/api/talent?search=react&role=resource` : `${g}/api/talent?page=${1 + (i % 5)}`,
      })),
    ]);
    const gatewayMs = await gatewayUp;
    // The one search reads catalog's and talent's indexes once they serve (no content in this
    // bench: its pages are left out and its /readyz says degraded); spawn to the first /readyz 200
    // is reading both indexes over HTTP and building the index.
    const searchSpawnedAt = performance.now();
    const search = spawnScript(group, env, 'search', 'services/search/src/main.ts', {
      PORT: String(ports.search),
      CATALOG_URL: url(ports.catalog),
      TALENT_URL: url(ports.talent),
      CONTENT_URL: 'http://127.0.0.1:9',
      INDEX_TIMEOUT_MS: '300000',
    });
    await waitFor('search', () => answersOk(`${url(ports.search)}/readyz`), [search], 600_000);
    const searchReadyMs = Math.round(performance.now() - searchSpawnedAt);
    const siteT0 = performance.now();
    await waitFor('site files', () => answersOk(`${g}/sitemap.xml`), [gateway], 600_000);
    const siteReadyMs = Math.round(performance.now() - siteT0);
    const snapshotReads = database ? await measureSnapshotReads(group, env, `mongodb://127.0.0.1:${ports.database}/?directConnection=true`) : undefined;

    // The indexes and the sitemap's URLs are large at 100k: only the slugs the requests need are
    // kept, and this process collects its garbage before timing, so its own GC pauses do not
    // grow with the data and land in the figures.
    const { siteCheck, llms, inIndia, experts, pms } = await (async () => {
      const services = await indexEntries(url(ports.catalog), '/internal/service-index.ndjson');
      const talentIndex = await indexEntries(url(ports.talent), '/internal/talent-index.ndjson');
      const locs = new Set(await sitemapLocs(g));
      const pages = [
        ...services.map((s) => `${SITE}/services/${s.slug}`),
        ...talentIndex.map((p) => `${SITE}/${p.kind === 'expert' ? 'talent' : p.kind}/${p.slug}`),
      ];
      const expected = [`${SITE}/`, ...pages];
      return {
        siteCheck: { urls: locs.size, expected: expected.length, missing: expected.filter((u) => !locs.has(u)).length },
        llms: await checkLlmsFiles(g, SITE, new Set(pages)),
        // Requests go without X-Country (market IN), so they name services offered there.
        inIndia: services.filter((s) => s.markets.includes('IN')).map((s) => s.slug),
        experts: talentIndex.filter((p) => p.kind === 'expert').map((p) => p.slug),
        pms: talentIndex.filter((p) => p.kind === 'pm').map((p) => p.slug),
      };
    })();
    Bun.gc(true);

    const slug = (i: number) => inIndia[(i * 7919) % inIndia.length] as string;
    const total = Number((await timed(`${g}/api/services?limit=20`)).res.headers.get('x-total-count'));
    const lastPage = Math.max(1, Math.ceil(total / 20));
    const cart = (i: number) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items: [0, 1, 2].map((k) => ({ serviceId: slug(i + k), hours: 40 })) }),
    });
    const ops: [string, (i: number) => { url: string; init?: RequestInit; expect?: number }][] = [
      ['GET /api/services page 1', () => ({ url: `${g}/api/services?page=1&limit=20` })],
      ['GET /api/services last page', () => ({ url: `${g}/api/services?page=${lastPage}&limit=20` })],
      ['GET /api/services?category=backend page 2', () => ({ url: `${g}/api/services?category=backend&page=2` })],
      ['GET /api/services?search=developer', () => ({ url: `${g}/api/services?search=developer` })],
      ['GET /api/services?search=kubernetes architect', () => ({ url: `${g}/api/services?search=kubernetes%20architect` })],
      ['GET /api/services/{slug}', (i) => ({ url: `${g}/api/services/${slug(i)}` })],
      ['GET /api/services/{slug}/quote', (i) => ({ url: `${g}/api/services/${slug(i)}/quote?hours=50` })],
      ['POST /api/jobs/pricing (3 items)', (i) => ({ url: `${g}/api/jobs/pricing`, init: cart(i) })],
      ['GET /api/talent?search=react&role=resource', () => ({ url: `${g}/api/talent?search=react&role=resource` })],
      ['GET /api/talent?role=pm&industry=fintech', () => ({ url: `${g}/api/talent?role=pm&industry=fintech&page=3` })],
      ['GET /api/talent/{slug}', (i) => ({ url: `${g}/api/talent/${experts[(i * 31) % experts.length]}` })],
      ['GET /api/pm/{slug}/profile', (i) => ({ url: `${g}/api/pm/${pms[(i * 31) % pms.length]}/profile` })],
      ['GET /api/search?q=developer', () => ({ url: `${g}/api/search?q=developer` })],
      ['GET /api/search?q=kubernetes architect', () => ({ url: `${g}/api/search?q=kubernetes%20architect` })],
      ['GET /api/search?q=kubernets (typo)', () => ({ url: `${g}/api/search?q=kubernets` })],
      ['GET /api/search?q=डेवलपर (Hindi)', () => ({ url: `${g}/api/search?q=${encodeURIComponent('डेवलपर')}` })],
      // The rows above repeat one query, so from the second request on the search service answers
      // from what it remembers (docs/search.md, "Cost"); here every request is a pair not asked
      // before (252 of them), scored over every candidate: the cost of a query on first ask.
      ['GET /api/search?q=<tech> <role> (a new pair each time)', (i) => ({ url: `${g}/api/search?q=${encodeURIComponent(`${pairTech(i)} ${pairRole(i)}`)}` })],
      // N published reviews in all: a service's summary is one document read, whatever N.
      ['GET /api/reviews/summary?serviceId (N reviews)', (i) => ({ url: `${g}/api/reviews/summary?serviceId=${benchId('5e', (i * 37) % BENCH_SERVICES)}` })],
    ];
    const reads: SizeResult['reads'] = {};
    for (const [name, make] of ops) reads[name] = await sequential(REQUESTS, make);

    const whole: SizeResult['whole'] = {};
    for (const path of ['/api/services/catalog', '/api/talent/sitemap', '/sitemap.xml', '/llms.txt', '/llms/backend.txt', '/llms-full.txt']) {
      const first = await timed(`${g}${path}`);
      const etag = first.res.headers.get('etag') ?? '';
      const full = await sequential(Math.min(REQUESTS, 20), () => ({ url: `${g}${path}` }));
      const revalidated = await sequential(Math.min(REQUESTS, 20), () => ({ url: `${g}${path}`, init: { headers: { 'if-none-match': etag } }, expect: 304 }));
      whole[path] = { p50: full.p50, p99: full.p99, p50304: revalidated.p50, bytes: first.body.length };
    }

    // Steady state: the whole-list phase above leaves garbage in every process; 5 s of quiet
    // first. Every request of the phase counts, from its first second.
    await Bun.sleep(SETTLE_MS);
    Bun.gc(true);
    const steadyQuotes = await steady(10, STEADY_S, (i) =>
      i % 2 ? { url: `${g}/api/services/${slug(i)}/quote?hours=50` } : { url: `${g}/api/jobs/pricing`, init: cart(i) },
    );
    const memory = {
      talent: await memoryMb(talent.process.pid),
      catalog: await memoryMb(catalog.process.pid),
      gateway: await memoryMb(gateway.pid),
      search: await memoryMb(search.pid),
      reviews: await memoryMb(reviews.pid),
      database: database ? await memoryMb(database.pid) : undefined,
    };
    return {
      n,
      reads,
      whole,
      steady: steadyQuotes,
      site: { readyMs: siteReadyMs, ...siteCheck },
      llms,
      startup: { catalog: catalogStart, talent: talentStart, gatewayMs, searchReadyMs },
      snapshotReads,
      memory,
    };
  } finally {
    await group.stopAll();
  }
}

const loadAverage = (await Bun.file('/proc/loadavg').text()).split(' ').slice(0, 3).join(' / ');
const results: SizeResult[] = [];
for (const n of sizes) {
  console.error(`bench:scale: ${n} services and ${n} profiles...`);
  results.push(await runSize(n));
}
const report = renderReport(results, {
  shape,
  requests: REQUESTS,
  steadyS: STEADY_S,
  load: loadAverage,
  commit: (await Bun.$`git -C ${repoRoot} rev-parse --short HEAD`.text()).trim(),
});
console.log(report);
if (process.argv.includes('--write')) await writeBenchmarks(join(repoRoot, 'BENCHMARKS.md'), report);
