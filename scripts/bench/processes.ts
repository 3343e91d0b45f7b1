/**
 * The processes a bench run starts: each is tracked by PID, its output goes to a log file (so
 * reading logs costs the bench nothing while it measures), and every one is stopped at the end,
 * on failure, on Ctrl-C, and as a last resort when the bench process exits.
 */
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateServiceCredential, SERVICE_CREDENTIAL_HEADER } from '@tm/shared/http';
import { SERVICE_RUNTIME_ENV } from '@tm/shared/process';
import { RedisClient, type Subprocess } from 'bun';

/**
 * One service credential for a whole bench run (docs/service-kit.md): every process it starts
 * sends and accepts it, and the bench reads /internal/* routes with it (BENCH_INTERNAL_HEADERS).
 * Per-service credentials are checked by the e2e tests; a benchmark measures, and needs one.
 */
const BENCH_SERVICE_CREDENTIAL = generateServiceCredential('bench');
const BENCH_CREDENTIAL_ENV = { SERVICE_CREDENTIAL: BENCH_SERVICE_CREDENTIAL, SERVICE_CREDENTIALS_ACCEPTED: BENCH_SERVICE_CREDENTIAL };
/** The headers the bench calls a service's /internal/* routes with. */
export const BENCH_INTERNAL_HEADERS: Readonly<Record<string, string>> = { [SERVICE_CREDENTIAL_HEADER]: BENCH_SERVICE_CREDENTIAL };

/** A child process the group tracks, by PID, with its log file. */
export interface Started {
  name: string;
  pid: number;
  logFile: string;
  proc: Subprocess;
}

/** Starts, tracks and stops the bench's child processes. */
export function createProcessGroup(logDir: string) {
  const started: Started[] = [];

  const killAllNow = () => {
    for (const s of started) if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill('SIGKILL');
  };
  process.on('exit', killAllNow);

  return {
    started,
    /** Spawns `cmd` with `env` (added to the bench's own environment, over the services' runtime settings), output to <logDir>/<name>.log. */
    spawn(name: string, cmd: string[], env: Record<string, string>, cwd: string): Started {
      const logFile = join(logDir, `${name}.log`);
      const fd = openSync(logFile, 'a');
      const proc = Bun.spawn(cmd, {
        cwd,
        env: { ...SERVICE_RUNTIME_ENV, ...process.env, ...BENCH_CREDENTIAL_ENV, ...env },
        stdin: 'ignore',
        stdout: fd,
        stderr: fd,
      });
      closeSync(fd);
      const s = { name, pid: proc.pid, logFile, proc };
      started.push(s);
      return s;
    },
    /** SIGTERM to each (by PID), then SIGKILL to any still running after `graceMs`. */
    async stopAll(graceMs = 5_000): Promise<void> {
      const running = started.filter((s) => s.proc.exitCode === null && s.proc.signalCode === null);
      for (const s of running) process.kill(s.pid, 'SIGTERM');
      const timeout = new Promise<'timeout'>((r) => {
        const t = setTimeout(() => r('timeout'), graceMs);
        t.unref();
      });
      const all = Promise.all(running.map((s) => s.proc.exited));
      if ((await Promise.race([all, timeout])) === 'timeout') killAllNow();
      await Promise.race([all, new Promise((r) => setTimeout(r, 1_000).unref())]);
    },
  };
}

/** The group run.ts stops at the end. */
export type ProcessGroup = ReturnType<typeof createProcessGroup>;

/** A 127.0.0.1 port nothing listens on right now. */
export function freePort(): number {
  const listener = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
  const { port } = listener;
  listener.stop(true);
  return port;
}

/**
 * Polls `check` until it returns true, at most `timeoutMs`; fails early, with the tail of its
 * log, when a process it depends on has exited.
 */
export async function waitFor(what: string, check: () => Promise<boolean>, watch: Started[], timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const dead = watch.find((s) => s.proc.exitCode !== null || s.proc.signalCode !== null);
    if (dead) throw new Error(`${dead.name} exited (${dead.proc.exitCode ?? dead.proc.signalCode}) while waiting for ${what}:\n${await logTail(dead)}`);
    if (await check().catch(() => false)) return;
    await Bun.sleep(100);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

/** The last lines a process wrote, for error messages. */
export async function logTail(s: Started, lines = 15): Promise<string> {
  const text = await Bun.file(s.logFile)
    .text()
    .catch(() => '');
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

/** True when GET `url` answers 2xx. */
export async function answersOk(url: string, init?: RequestInit): Promise<boolean> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(2_000) });
  await res.arrayBuffer();
  return res.ok;
}

/**
 * CPU seconds (user + system) a process and its descendants have used so far, from /proc: CPU
 * per request is what the proxies cost, however busy the rest of the machine is.
 */
export function cpuSeconds(pid: number): number {
  const ticks = (p: number): number => {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      let sum = Number(fields[11]) + Number(fields[12]);
      for (const task of readdirSync(`/proc/${p}/task`)) {
        const children = readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').trim();
        for (const child of children ? children.split(' ') : []) sum += ticks(Number(child));
      }
      return sum;
    } catch {
      return 0;
    }
  };
  return ticks(pid) / 100;
}

/** Deletes every Redis key under `prefix` (a run's own prefix), by SCAN and DEL. */
export async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new RedisClient(redisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = (await redis.send('SCAN', [cursor, 'MATCH', `${prefix}*`, 'COUNT', '1000'])) as [string, string[]];
      cursor = next;
      if (keys.length > 0) await redis.send('DEL', keys);
    } while (cursor !== '0');
  } finally {
    redis.close();
  }
}
