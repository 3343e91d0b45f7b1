/**
 * Ready means ready (issue 26), on real processes in production's shape: talent and catalog as
 * their own main.ts on the wire-level MongoDB stand-in, through the real driver, with thousands of
 * stored documents, and the gateway in front. The stand-in answers every getMore 1.5 s late (a
 * server reading a large collection), so each snapshot build takes seconds: a /readyz that said
 * 200 before the snapshot existed would send the first lists, searches and quotes to wait for it.
 * From each service's first /readyz 200 on, no request through the gateway may take 1 s or
 * answer 5xx. (The 100k figure, readiness to the first answer, is bench:scale's.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { SERVICE_RUNTIME_ENV } from '@tm/shared/process';
import { freePort, type MongoWireStandIn, startMongoWireStandIn } from '@tm/shared/testing';
import type { Subprocess } from 'bun';
import { pollUntil, repoRoot } from './support/system.ts';

const N = 3_000;
const GET_MORE_DELAY_MS = 1_500;
/** How long requests keep going after a service turned ready. */
const AFTER_READY_MS = 2_000;

let standIn: MongoWireStandIn;
const started: Subprocess[] = [];

function spawn(file: string, env: Record<string, string>): Subprocess {
  const proc = Bun.spawn([process.execPath, file], {
    cwd: repoRoot,
    env: { ...SERVICE_RUNTIME_ENV, ...process.env, HOST: '127.0.0.1', NODE_ENV: 'development', ...env },
    stdin: 'ignore',
    stdout: 'ignore',
    stderr: 'inherit',
  });
  started.push(proc);
  return proc;
}

beforeAll(async () => {
  standIn = startMongoWireStandIn({ record: false, getMoreDelayMs: GET_MORE_DELAY_MS });
  const onStandIn = { MONGODB_URL: standIn.url, SEED: 'never', BENCH_SCALE_N: String(N) };
  const loads = [spawn('services/talent/scripts/load-bench.ts', onStandIn), spawn('services/catalog/scripts/load-bench.ts', onStandIn)];
  expect(await Promise.all(loads.map((l) => l.exited))).toEqual([0, 0]);
}, 60_000);

afterAll(async () => {
  for (const p of started) p.kill('SIGKILL');
  await Promise.all(started.map((p) => p.exited));
  await standIn?.stop();
});

interface Answer {
  path: string;
  status: number;
  ms: number;
}

/** Sends `paths` through the gateway in turn, over and over, for `forMs`; every answer timed. */
async function requestFor(gateway: string, paths: readonly string[], forMs: number, init: (path: string) => RequestInit = () => ({})): Promise<Answer[]> {
  const answers: Answer[] = [];
  const end = performance.now() + forMs;
  for (let i = 0; performance.now() < end; i++) {
    const path = paths[i % paths.length] as string;
    const t0 = performance.now();
    const res = await fetch(`${gateway}${path}`, { ...init(path), signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
    await res?.arrayBuffer();
    answers.push({ path, status: res?.status ?? 0, ms: performance.now() - t0 });
  }
  return answers;
}

/** Polls `url` until it answers 200; returns the bodies of the answers before it. */
async function notReadyAnswers(url: string): Promise<{ status: number; body: { reason?: string } }[]> {
  const before: { status: number; body: { reason?: string } }[] = [];
  await pollUntil(
    async () => {
      const res = await fetch(url).catch(() => undefined);
      if (res?.status === 200) return true;
      if (res) before.push({ status: res.status, body: (await res.json()) as { reason?: string } });
      return undefined;
    },
    60_000,
    url,
  );
  return before;
}

describe('readiness on real processes over the driver (stand-in answering getMore 1.5 s late)', () => {
  it(`from the first /readyz 200 of talent and catalog on, every list, search and quote through the gateway answers in under 1 s and never 5xx (${N.toLocaleString('en-US')} services and profiles)`, async () => {
    const ports = { talent: freePort(), catalog: freePort(), gateway: freePort() };
    const url = (port: number) => `http://127.0.0.1:${port}`;
    const onStandIn = { MONGODB_URL: standIn.url, SEED: 'never' };
    spawn('services/talent/src/main.ts', { ...onStandIn, PORT: String(ports.talent) });
    spawn('services/catalog/src/main.ts', { ...onStandIn, PORT: String(ports.catalog), TALENT_URL: url(ports.talent) });
    spawn('services/gateway/src/main.ts', {
      PORT: String(ports.gateway),
      AUTH_URL: 'http://127.0.0.1:9',
      CATALOG_URL: url(ports.catalog),
      TALENT_URL: url(ports.talent),
      MONGODB_URL: '',
      RATE_LIMIT_ANON: '1000000',
    });
    const gateway = url(ports.gateway);
    await pollUntil(async () => ((await fetch(`${gateway}/healthz`).catch(() => undefined))?.ok ? true : undefined), 30_000, 'gateway');

    const services = ['/api/services?limit=20', '/api/services?page=3&limit=20', '/api/services?search=developer', '/api/services/catalog'];
    const quotes = ['/api/services/senior-angular-developer-1/quote?hours=50', '/api/jobs/pricing'];
    const cart = JSON.stringify({ items: [{ serviceId: 'senior-angular-developer-1', hours: 40 }] });
    const talent = ['/api/talent?limit=20', '/api/talent?search=react&role=resource', '/api/talent?role=pm&industry=fintech&page=2', '/api/talent/sitemap'];

    const [catalogRun, talentRun] = await Promise.all([
      (async () => {
        const before = await notReadyAnswers(`${url(ports.catalog)}/readyz`);
        const post = (path: string): RequestInit =>
          path === '/api/jobs/pricing' ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: cart } : {};
        return { before, answers: await requestFor(gateway, [...services, ...quotes], AFTER_READY_MS, post) };
      })(),
      (async () => ({ before: await notReadyAnswers(`${url(ports.talent)}/readyz`), answers: await requestFor(gateway, talent, AFTER_READY_MS) }))(),
    ]);

    // The builds were slow enough to matter: each service said 503, naming its snapshot, first.
    expect(catalogRun.before.some((a) => a.status === 503 && a.body.reason?.includes('read model') === true)).toBe(true);
    expect(talentRun.before.some((a) => a.status === 503 && a.body.reason?.includes('directory') === true)).toBe(true);
    for (const run of [catalogRun, talentRun]) {
      expect(run.answers.length).toBeGreaterThan(10);
      expect(run.answers.filter((a) => a.status >= 500 || a.status === 0)).toEqual([]);
      expect(run.answers.filter((a) => a.ms >= 1_000)).toEqual([]);
      expect(run.answers.every((a) => a.status === 200)).toBe(true);
    }
  }, 90_000);
});
