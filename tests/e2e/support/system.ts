/**
 * Starts the real system the way a newcomer does (`bun scripts/start.ts`, the supervisor) on
 * free 127.0.0.1 ports with embedded defaults, waits until every service answers /readyz,
 * and stops it by PID afterwards. Log lines are kept so tests can read the dev SMS outbox.
 */
import { resolve } from 'node:path';
import { READY_PATH } from '@tm/shared';
import { generateServiceCredential } from '@tm/shared/http';
import { freePort, testRedisUrl } from '@tm/shared/testing';
import type { Subprocess } from 'bun';
import { Redis } from 'ioredis';

export const repoRoot = resolve(import.meta.dir, '../../..');

export interface RunningSystem {
  gateway: string;
  urls: Record<SystemProcess, string>;
  /** Each service's credential (X-Service-Credential), every one accepted by every service. */
  credentials: Record<SystemProcess, string>;
  /** Every stdout line printed so far, parsed when it is JSON. */
  logs: Record<string, unknown>[];
  /** PID of a service's current process, from the supervisor's log. */
  pidOf(service: string): number | undefined;
  waitForLog(predicate: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

/** A port nothing listens on right now (the shared test helper, re-exported for the e2e tests). */
export { freePort };

/** Polls `check` until it returns a value, or throws after `timeoutMs`. */
export async function pollUntil<T>(check: () => Promise<T | undefined>, timeoutMs = 20_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const v = await check();
      if (v !== undefined) return v;
    } catch (err) {
      lastError = err;
    }
    await Bun.sleep(50);
  }
  throw new Error(`timed out waiting for ${what}${lastError ? `: ${lastError}` : ''}`);
}

/** Every process `bun run start` runs, each on its own port. */
export const SYSTEM_PROCESSES = [
  'gateway',
  'auth',
  'catalog',
  'talent',
  'bookings',
  'messaging',
  'content',
  'reviews',
  'search',
  'growth',
  'assistant',
] as const;
export type SystemProcess = (typeof SYSTEM_PROCESSES)[number];

export async function startSystem(extraEnv: Record<string, string> = {}): Promise<RunningSystem> {
  // One credential per service, made here and handed to the supervisor (as `bun run start` would
  // make them itself), so a test can call /internal/* as any one service.
  const credentials = Object.fromEntries(SYSTEM_PROCESSES.map((name) => [name, generateServiceCredential(name)])) as Record<SystemProcess, string>;
  const ports = Object.fromEntries(SYSTEM_PROCESSES.map((name) => [name, freePort()])) as Record<SystemProcess, number>;
  const urls = Object.fromEntries(SYSTEM_PROCESSES.map((name) => [name, `http://127.0.0.1:${ports[name]}`])) as Record<SystemProcess, string>;
  const env: Record<string, string | undefined> = {
    ...process.env,
    // The system under test uses its embedded stores unless a test asks otherwise. Empty, not
    // undefined: Bun fills variables that are missing from the root .env, and a developer's
    // .env may point at real data; the services read '' as unset.
    MONGODB_URL: '',
    REDIS_URL: '',
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    ...Object.fromEntries(SYSTEM_PROCESSES.map((name) => [`${name.toUpperCase()}_PORT`, String(ports[name])])),
    PUBLIC_BASE_URL: `http://127.0.0.1:${ports.gateway}`,
    PUBLIC_SITE_URL: 'https://talent.example',
    RATE_LIMIT_ANON: '100000',
    RATE_LIMIT_AUTHENTICATED: '100000',
    RATE_LIMIT_AUTH_ROUTES: '100000',
    // No model unless a test brings its own (a developer's key must not reach the system under test).
    LLM_API_KEY: '',
    ...Object.fromEntries(SYSTEM_PROCESSES.map((name) => [`${name.toUpperCase()}_SERVICE_CREDENTIAL`, credentials[name]])),
    ...extraEnv,
  };
  const proc: Subprocess<'ignore', 'pipe', 'pipe'> = Bun.spawn([process.execPath, 'scripts/start.ts'], {
    cwd: repoRoot,
    env: env as Record<string, string>,
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const logs: Record<string, unknown>[] = [];
  const rawErr: string[] = [];
  void collectLines(proc.stdout, (line) => logs.push(parseLine(line)));
  void collectLines(proc.stderr, (line) => rawErr.push(line));

  const system: RunningSystem = {
    gateway: urls.gateway,
    urls,
    credentials,
    logs,
    pidOf(service) {
      const started = logs.filter((l) => l.msg === 'service started' && l.child === service);
      return started.at(-1)?.pid as number | undefined;
    },
    waitForLog(predicate, timeoutMs = 10_000) {
      return pollUntil(async () => logs.find(predicate), timeoutMs, 'log line');
    },
    async stop() {
      if (proc.exitCode !== null) return;
      proc.kill('SIGTERM');
      const killer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await proc.exited;
      clearTimeout(killer);
    },
  };
  // A loaded machine (many processes on two cores) may need longer: E2E_START_TIMEOUT_MS.
  const startTimeoutMs = Number(process.env.E2E_START_TIMEOUT_MS) || 30_000;
  try {
    await pollUntil(
      async () => {
        if (proc.exitCode !== null) throw new Error(`supervisor exited: ${rawErr.join('\n')}`);
        const all = await Promise.all(
          Object.values(urls).map((u) =>
            fetch(`${u}${READY_PATH}`).then(
              (r) => r.ok,
              () => false,
            ),
          ),
        );
        return all.every(Boolean) ? true : undefined;
      },
      startTimeoutMs,
      `every service to answer ${READY_PATH} (start-up work such as the bootstrap admin done)`,
    );
    // Protected routes answer 503 until the process has read auth's revocation feed once: the
    // gateway's, and those of the services that check tokens themselves (bookings, messaging,
    // content, growth, assistant), whose /readyz lists the feed without requiring it (a service
    // stays ready for its public routes while auth is away). Under load a first read can miss auth
    // still starting, and the next comes a poll later: a booking sent then was a 503.
    await pollUntil(
      async () => {
        const feeds = await Promise.all(
          Object.values(urls).map(async (u) => {
            const ready = (await fetch(`${u}${READY_PATH}`).then((r) => r.json())) as { dependencies?: Record<string, { status: string }> };
            return ready.dependencies?.revocations?.status ?? 'up';
          }),
        );
        return feeds.every((status) => status === 'up') ? true : undefined;
      },
      startTimeoutMs,
      "every token-checking process's first read of auth's revocation feed",
    );
  } catch (err) {
    await system.stop();
    throw new Error(`${(err as Error).message}\nstderr:\n${rawErr.slice(-20).join('\n')}`);
  }
  return system;
}

function parseLine(line: string): Record<string, unknown> {
  try {
    const v = JSON.parse(line);
    return typeof v === 'object' && v !== null ? v : { raw: line };
  } catch {
    return { raw: line };
  }
}

async function collectLines(stream: ReadableStream<Uint8Array>, onLine: (line: string) => void): Promise<void> {
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let nl = buffer.indexOf('\n');
    while (nl >= 0) {
      const line = buffer.slice(0, nl).trim();
      if (line) onLine(line);
      buffer = buffer.slice(nl + 1);
      nl = buffer.indexOf('\n');
    }
  }
}

/**
 * The environment that puts a system's Redis-backed parts (the gateway's limiter, auth's counters)
 * on the real test Redis under a fresh key prefix, and the cleanup that removes that prefix's keys.
 */
export function realRedisUnderTest(name: string): { env: () => Record<string, string>; cleanup: () => Promise<void> } {
  const prefix = `test:e2e:${name}:${crypto.randomUUID()}:`;
  return {
    env: () => ({ REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix }),
    async cleanup() {
      const redis = new Redis(testRedisUrl());
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    },
  };
}
