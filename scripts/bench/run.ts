/**
 * `bun run bench`: starts the system with real Redis, drives GET /api/services/catalog and
 * POST /api/jobs/pricing, anonymously and with a bearer token, at 64 connections through (a) the
 * gateway, (b) nginx, (c) the catalog directly and (d) a bare Bun fetch proxy (scripts/bench/bare-proxy.ts), prints requests/s, p50/p99 and the ratios,
 * and writes them with the machine into BENCHMARKS.md. Every case is measured in several rounds
 * (each round a full pass over the cases), each round's time cut into short slices in which the
 * targets take turns, and reported as the median over the slices (ratios: of the slices' ratios),
 * because one 2-core run swings by a third with whatever else the machine does. Every process it starts is stopped by
 * PID at the end, also on failure or Ctrl-C.
 *
 * Then the checkout case (scripts/bench/checkout.ts): 16 customers through the gateway, each
 * looping create booking -> create payment -> dev succeed, with document writes per step and
 * catalog calls per booking from bookings' counters.
 *
 * Then the content case (scripts/bench/content.ts): GET /api/i18n/en/common and GET
 * /api/legal/terms next to GET /api/services/catalog through the gateway, and a bundle's 304.
 *
 * Then the growth cases (scripts/bench/growth.ts): OFREP bulk evaluation of 50 flags with 5 rules
 * each beside GET /api/services/catalog (ratio, p99), and tracking ingest in batches of 50 events.
 *
 * Then the assistant's case (scripts/bench/assistant.ts, also runnable alone): time to first
 * `delta` and overhead per tool round against a fake provider at 50 ms a chunk, and fallback
 * answers per second, all through the gateway.
 *
 * Then the chat's case (scripts/bench/chat.ts, also runnable alone): 200 open streams and 20
 * messages a second on one messaging process, then across two replicas on Redis: delivery
 * latency from send to stream (p50/p99) and messaging's RSS.
 *
 * Knobs (environment): BENCH_ROUNDS (3), BENCH_DURATION_S (8), BENCH_SLICES (4: each case's
 * measured seconds of a round cut into slices that alternate between the targets), BENCH_WARMUP_S (2),
 * BENCH_CONNECTIONS (64), BENCH_REDIS_URL (redis://127.0.0.1:6379), BENCH_OUTPUT (BENCHMARKS.md
 * at the repository root), BENCH_CHECKOUT_CUSTOMERS (16), BENCH_ONLY=proxy, checkout, content, growth, assistant or chat (that
 * case alone), BENCH_CHAT_STREAMS (200), BENCH_CHAT_RATE (20), BENCH_GROWTH_SENDERS (16), BENCH_ASSISTANT_SAMPLES (20), BENCH_ASSISTANT_CONNECTIONS (16),
 * BENCH_GATEWAY_SERVER (bun: the gateway on Bun.serve; node: on node:http,
 * HTTP_SERVER=node; both: a second gateway on node:http measured as (a') next to the Bun.serve one,
 * with the a'/a ratios of each round).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { RedisClient } from 'bun';
import { keptSectionsOf } from '../bench-scale/report.ts';
import { assistantMarkdown, runAssistantBench } from './assistant.ts';
import { chatMarkdown, runChatBench } from './chat.ts';
import { checkoutMarkdown, customerTokenSigner, generateSigningKey, runCheckout } from './checkout.ts';
import { contentMarkdown, runContentBench } from './content.ts';
import { growthMarkdown, runGrowth } from './growth.ts';
import { createAutocannon, createWrk, type LoadCase, type LoadGenerator, runningLoad } from './load.ts';
import { benchmarksMarkdown } from './markdown.ts';
import { createProcessGroup, startWithPortRetry } from './processes.ts';
import { deleteRedisKeys } from './redis-keys.ts';
import { type CaseResult, describeMachine, type Endpoint, gatewayServerTable, ratiosTable, resultsTable, TARGET_LABEL, type Target } from './report.ts';
import { measureRevocationCheck, revocationMarkdown } from './revocation.ts';
import {
  BENCH_QUOTAS,
  type BenchSystem,
  type GatewayServerChoice,
  isGatewayServerChoice,
  obtainAccessToken,
  startBenchSystem,
  TOKEN_SOURCE,
} from './system.ts';
import { ensureProgram, firstLine, num } from './tools.ts';

const repoRoot = resolve(import.meta.dir, '../..');
const rounds = num('BENCH_ROUNDS', 3);
if (!Number.isInteger(rounds)) throw new Error('BENCH_ROUNDS must be a whole number of rounds');
const durationS = num('BENCH_DURATION_S', 8);
const warmupS = num('BENCH_WARMUP_S', 2);
// BENCH_SLICES: each round's measured time per case, cut into this many slices that alternate between the targets.
const slices = num('BENCH_SLICES', 4);
if (!Number.isInteger(slices) || !Number.isInteger(durationS / slices))
  throw new Error('BENCH_SLICES must be a whole number that divides BENCH_DURATION_S into whole seconds (wrk takes whole seconds)');
const connections = num('BENCH_CONNECTIONS', 64);
const checkoutCustomers = num('BENCH_CHECKOUT_CUSTOMERS', 16);
// BENCH_ONLY=proxy (the gateway, nginx, the bare Bun proxy and the catalog alone), checkout, content,
// growth, assistant or chat runs that case alone (and writes only it to BENCH_OUTPUT).
const only = process.env.BENCH_ONLY;
if (only !== undefined && !['proxy', 'checkout', 'content', 'growth', 'assistant', 'chat'].includes(only))
  throw new Error('BENCH_ONLY must be proxy, checkout, content, growth, assistant or chat');
const growthSenders = num('BENCH_GROWTH_SENDERS', 16);
const gatewayServerRaw = process.env.BENCH_GATEWAY_SERVER ?? 'bun';
if (!isGatewayServerChoice(gatewayServerRaw)) throw new Error('BENCH_GATEWAY_SERVER must be bun, node or both');
const gatewayServer: GatewayServerChoice = gatewayServerRaw;
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const output = process.env.BENCH_OUTPUT ?? join(repoRoot, 'BENCHMARKS.md');
const redisPrefix = `bench:${crypto.randomUUID()}:`;
const log = (msg: string) => console.log(`[bench] ${msg}`);

const workDir = mkdtempSync(join(tmpdir(), 'tm-bench-'));
const group = createProcessGroup(workDir);
let finished = false;

async function cleanUp(keepLogs: boolean) {
  for (const proc of runningLoad) proc.kill('SIGKILL');
  await group.stopAll();
  await deleteRedisKeys(redisUrl, redisPrefix).catch((err) => log(`could not delete the run's Redis keys (${redisPrefix}*): ${err}`));
  if (keepLogs) log(`process logs kept in ${workDir}`);
  else rmSync(workDir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping every process`);
    void cleanUp(true).finally(() => process.exit(130));
  });
}

async function checkRedis(): Promise<string> {
  const redis = new RedisClient(redisUrl);
  try {
    const info = String(await redis.send('INFO', ['server']));
    return /redis_version:(\S+)/.exec(info)?.[1] ?? 'unknown';
  } catch (err) {
    throw new Error(`Redis must be running at ${redisUrl} (${(err as Error).message})`);
  } finally {
    redis.close();
  }
}

const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

async function main() {
  const loadAtStart = loadAverage();
  const redisVersion = await checkRedis();
  const wrkPath = ensureProgram('wrk', ['wrk']);
  const nginxPath = ensureProgram('nginx', ['nginx-light', 'nginx']);
  if (!nginxPath) throw new Error('nginx is missing and could not be installed (apt-get install -y nginx-light)');
  const load: LoadGenerator = wrkPath ? await createWrk(wrkPath, workDir, firstLine([wrkPath, '-v']).replace(/\s*Copyright.*$/, '')) : createAutocannon();
  if (!wrkPath) log('wrk could not be had: using autocannon from the npm registry');

  log(`starting talent, catalog, auth, gateway (Redis prefix ${redisPrefix}) and nginx; logs in ${workDir}`);
  const signingKey = await generateSigningKey();
  const jwtPrivateKeyPem = signingKey.pem;
  const system = await startWithPortRetry(group, 'the bench system', () =>
    startBenchSystem({ group, repoRoot, workDir, redisUrl, redisPrefix, nginxPath, jwtPrivateKeyPem, gatewayServer }),
  );
  const catalogList = (await (await fetch(`${system.catalog}/services/catalog`)).json()) as { data: { _id: string }[] };
  const cart = JSON.stringify({ items: catalogList.data.slice(0, 3).map((s, i) => ({ serviceId: s._id, hours: 40 + 20 * i })) });

  let token: string | undefined;
  let tokenProblem = system.authProblem;
  if (!tokenProblem) {
    try {
      token = await obtainAccessToken(system.gateway, system.admin);
    } catch (err) {
      tokenProblem = (err as Error).message;
    }
  }
  const cases = only === undefined || only === 'proxy' ? await measureAll(load, system, cart, token, tokenProblem) : [];
  const sections: string[] = [];
  if (!only) {
    log('measuring the revocation check on a protected route (in process, off vs on)');
    const revocation = await measureRevocationCheck({ rounds, durationS });
    log(
      `revocation check: ${Math.round(revocation.offRps)} req/s off, ${Math.round(revocation.onRps)} on (ratio ${revocation.ratio.toFixed(3)}); ${revocation.checkNs.toFixed(1)} ns per check`,
    );
    sections.push(revocationMarkdown(revocation));
  }
  if (system.bookings && !system.authProblem && (only === undefined || only === 'checkout')) {
    const slug = (catalogList.data[0] as { slug?: string } | undefined)?.slug ?? 'react-developer';
    const result = await runCheckout({
      gateway: system.gateway,
      bookings: system.bookings,
      sign: await customerTokenSigner(signingKey.privateKey, system.auth),
      customers: checkoutCustomers,
      durationS,
      cart: { items: [{ serviceId: slug, hours: 40 }] },
    });
    const checkout = checkoutMarkdown(result);
    sections.push(checkout);
    console.log(`\n${checkout}`);
  }

  if (system.content && (only === undefined || only === 'content')) {
    log('measuring the content case (bundles and legal documents next to the catalog, and a 304)');
    const content = contentMarkdown(await runContentBench({ load, gateway: system.gateway, rounds, durationS, warmupS, connections, log }));
    sections.push(content);
    console.log(`\n${content}`);
  }

  if (system.growth && token && (only === undefined || only === 'growth')) {
    log('measuring growth: OFREP bulk evaluation beside the catalog list, then tracking ingest');
    const growth = growthMarkdown(
      await runGrowth({ gateway: system.gateway, adminToken: token, load, rounds, durationS, warmupS, connections, senders: growthSenders, log }),
    );
    sections.push(growth);
    console.log(`\n${growth}`);
  }

  if (only === undefined || only === 'assistant') {
    // The chatbot's case starts its own processes (two assistants, a fake model, two gateways).
    const assistant = await runAssistantBench({
      repoRoot,
      samples: num('BENCH_ASSISTANT_SAMPLES', 20),
      connections: num('BENCH_ASSISTANT_CONNECTIONS', 16),
      durationS,
      log,
    });
    const section = assistantMarkdown(assistant);
    sections.push(section);
    console.log(`\n${section}`);
  }

  if (only === undefined || only === 'chat') {
    // The chat's case starts its own processes (one messaging, then two replicas on the MongoDB stand-in and Redis).
    const chat = await runChatBench({
      repoRoot,
      streams: num('BENCH_CHAT_STREAMS', 200),
      ratePerS: num('BENCH_CHAT_RATE', 20),
      durationS,
      redisUrl,
      redisPrefix: `${redisPrefix}chat:`,
      log,
    });
    const section = chatMarkdown(chat);
    sections.push(section);
    console.log(`\n${section}`);
  }

  const servers = gatewayServerTable(cases);
  console.log(`\n${resultsTable(cases)}\n\n${ratiosTable(cases)}\n${servers ? `\n${servers}\n` : ''}`);
  const machine = await describeMachine({
    commit: firstLine(['git', '-C', repoRoot, 'rev-parse', '--short', 'HEAD']),
    bun: Bun.version,
    elysia: packageVersion('services/gateway/node_modules/elysia/package.json'),
    nginx: firstLine([nginxPath, '-v']).replace(/^nginx version:\s*/, ''),
    redis: redisVersion,
    'load generator': `${load.name} (${load.version})`,
    'gateway server': gatewayServer === 'both' ? "Bun.serve (a), node:http (a')" : gatewayServer === 'node' ? 'node:http (HTTP_SERVER=node)' : 'Bun.serve',
    'load average 1/5/15 min before the run': loadAtStart,
    'load average 1/5/15 min after the run': loadAverage(),
  });
  const notes = tokenProblem ? [`Bearer cases not run: ${tokenProblem}.`] : [];
  // bench:scale and bench-scale/startup.ts write their own sections into the same file: keep them as they are.
  const keptSections = keptSectionsOf(
    await Bun.file(output)
      .text()
      .catch(() => ''),
  );
  const markdown = benchmarksMarkdown({
    startedAt: new Date(),
    rounds,
    slices,
    durationS,
    warmupS,
    connections,
    machine,
    cases,
    cartItems: 3,
    tokenSource: token ? TOKEN_SOURCE : 'none could be had',
    notes,
    sections,
  });
  await Bun.write(output, keptSections ? `${markdown.trimEnd()}\n\n${keptSections}\n` : markdown);
  log(`wrote ${output}`);
}

async function measureAll(
  load: LoadGenerator,
  system: BenchSystem,
  cart: string,
  token: string | undefined,
  tokenProblem: string | undefined,
): Promise<CaseResult[]> {
  const base: Record<Target, string> = {
    catalog: system.catalog,
    nginx: `${system.nginx}/api`,
    bare: `${system.bare}/api`,
    gateway: `${system.gateway}/api`,
    'gateway-node': `${system.gatewayNode}/api`,
  };
  const targets: Target[] = system.gatewayNode ? ['catalog', 'nginx', 'bare', 'gateway', 'gateway-node'] : ['catalog', 'nginx', 'bare', 'gateway'];
  const shapes: { endpoint: Endpoint; method: 'GET' | 'POST'; path: string; body?: string }[] = [
    { endpoint: 'GET /api/services/catalog', method: 'GET', path: '/services/catalog' },
    { endpoint: 'POST /api/jobs/pricing', method: 'POST', path: '/jobs/pricing', body: cart },
  ];
  // Every case once, in the order a round runs them; a skipped case keeps its reason.
  const planned: { result: CaseResult; shape: (typeof shapes)[number] }[] = [];
  for (const shape of shapes) {
    for (const auth of ['anonymous', 'bearer'] as const) {
      for (const target of targets) {
        const skipped = auth === 'bearer' && !token ? (tokenProblem ?? 'no token') : undefined;
        planned.push({ shape, result: skipped ? { target, endpoint: shape.endpoint, auth, skipped } : { target, endpoint: shape.endpoint, auth, rounds: [] } });
      }
    }
  }
  // The cases of one endpoint and caller, run together: the targets alternate within each round.
  const groups = new Map<string, typeof planned>();
  for (const p of planned) {
    const key = `${p.result.endpoint}|${p.result.auth}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const sliceS = durationS / slices;
  for (let round = 1; round <= rounds; round++) {
    // A fresh token each round: the whole run can outlast one access token's 15 minutes. If none
    // can be had, the last one serves on (checkCase stops the run should it have expired).
    if (token && round > 1)
      token = await obtainAccessToken(system.gateway, system.admin).catch((err: unknown) => {
        log(`round ${round}: no fresh token (${(err as Error).message}); keeping the previous one`);
        return token;
      });
    const bearer = token;
    for (const group of groups.values()) {
      const runnable = group.flatMap(({ result: c, shape }) => {
        if (!c.rounds) return [];
        const request: LoadCase = {
          url: `${base[c.target]}${shape.path}`,
          method: shape.method,
          body: shape.body,
          authorization: c.auth === 'bearer' ? `Bearer ${bearer}` : undefined,
        };
        return [{ c, rounds: c.rounds, request }];
      });
      for (const { c, request } of runnable) {
        await checkCase(request, c.target, c.auth);
        await load.run(request, { durationS: warmupS, connections });
      }
      // Short slices, the targets taking turns (in an order rotated each slice): every slice of
      // the gateway has nginx's slice of the same moment beside it, so a ratio compares what ran
      // seconds apart, not what ran half a minute apart on a machine whose load drifts.
      for (let slice = 0; slice < slices; slice++) {
        for (let k = 0; k < runnable.length; k++) {
          const one = runnable[(k + slice) % runnable.length];
          if (!one) continue;
          const r = await load.run(one.request, { durationS: sliceS, connections });
          one.rounds.push(r);
          log(
            `round ${round}/${rounds}, slice ${slice + 1}/${slices}: ${one.c.endpoint} ${one.c.auth} via ${TARGET_LABEL[one.c.target]}: ${Math.round(r.requestsPerS)} req/s, p50 ${r.p50Ms.toFixed(2)} ms, p99 ${r.p99Ms.toFixed(2)} ms, non-2xx ${r.non2xx}`,
          );
        }
      }
    }
  }
  return planned.map((p) => p.result);
}

/** One request before measuring: it must succeed, and through the gateway it must have been limited in the expected bucket. */
async function checkCase(c: LoadCase, target: Target, auth: 'anonymous' | 'bearer') {
  const headers: Record<string, string> = c.body ? { 'content-type': 'application/json' } : {};
  if (c.authorization) headers.authorization = c.authorization;
  const res = await fetch(c.url, { method: c.method, headers, body: c.body });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${c.method} ${c.url} answered ${res.status}: ${text.slice(0, 300)}`);
  if (target !== 'gateway' && target !== 'gateway-node') return;
  const expected = auth === 'bearer' ? BENCH_QUOTAS.authenticated : BENCH_QUOTAS.anonymous;
  const limit = res.headers.get('ratelimit-limit');
  if (limit !== String(expected))
    throw new Error(`the gateway did not count ${c.method} ${c.url} in the ${auth} bucket (RateLimit-Limit ${limit}, expected ${expected})`);
}

function packageVersion(path: string): string {
  try {
    return (JSON.parse(readFileSync(join(repoRoot, path), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

try {
  await main();
  finished = true;
} catch (err) {
  console.error(`[bench] failed: ${(err as Error).stack ?? err}`);
  process.exitCode = 1;
} finally {
  await cleanUp(!finished);
}
