/**
 * The processes a bench run starts: each is tracked by PID, its output goes to a log file (so
 * reading logs costs the bench nothing while it measures), and every one is stopped at the end,
 * on failure, on Ctrl-C, and as a last resort when the bench process exits.
 */
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateServiceCredential, SERVICE_CREDENTIAL_HEADER } from '@tm/shared/http';
import { SERVICE_RUNTIME_ENV } from '@tm/shared/process';
import type { Subprocess } from 'bun';

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

  const running = (which: readonly Started[]) => which.filter((s) => s.proc.exitCode === null && s.proc.signalCode === null);
  const killNow = (which: readonly Started[]) => {
    for (const s of running(which)) s.proc.kill('SIGKILL');
  };
  const killAllNow = () => killNow(started);
  process.on('exit', killAllNow);

  async function stop(which: readonly Started[], graceMs = 5_000): Promise<void> {
    const live = running(which);
    for (const s of live) process.kill(s.pid, 'SIGTERM');
    const timeout = new Promise<'timeout'>((r) => {
      const t = setTimeout(() => r('timeout'), graceMs);
      t.unref();
    });
    const all = Promise.all(live.map((s) => s.proc.exited));
    if ((await Promise.race([all, timeout])) === 'timeout') killNow(live);
    await Promise.race([all, new Promise((r) => setTimeout(r, 1_000).unref())]);
  }

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
    /** SIGTERM to each of `which` (by PID), then SIGKILL to any still running after `graceMs`. */
    stop,
    /** Stops every process the group started. */
    stopAll: (graceMs = 5_000) => stop(started, graceMs),
  };
}

/** The group run.ts stops at the end. */
export type ProcessGroup = ReturnType<typeof createProcessGroup>;

/** The ports this bench process handed out (never twice). */
const handedOut = new Set<number>();
/** Where freePort picks from: above the well-known and common service ports, below the ephemeral range. */
const PICK_FLOOR = 20_000;

/** The kernel's ephemeral range, where a `port: 0` bind and every outgoing connection's source port come from. */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 0 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

/** True when `port` can be bound on 127.0.0.1 right now. */
function bindable(port: number): boolean {
  try {
    Bun.listen({ hostname: '127.0.0.1', port, socket: { data() {} } }).stop(true);
    return true;
  } catch {
    return false;
  }
}

/**
 * A 127.0.0.1 port nothing listens on right now, for a child to bind later, picked at random
 * below the kernel's ephemeral range. A port from `port: 0` lies in that range, which every
 * outgoing connection on the machine (wrk's, the services' calls, other engineers' tests) also
 * takes its source port from: one of them could hold it between this pick and the child's bind
 * (a bench start once failed with "port in use"). Below the range only another explicit bind can
 * take it, and startWithPortRetry starts again when one did.
 */
export function freePort(): number {
  const low = ephemeralLow();
  for (let tries = 0; low - PICK_FLOOR >= 1000 && tries < 200; tries++) {
    const port = PICK_FLOOR + Math.floor(Math.random() * (low - PICK_FLOOR));
    if (handedOut.has(port) || !bindable(port)) continue;
    handedOut.add(port);
    return port;
  }
  // A machine whose ephemeral range starts low: the kernel's pick (startWithPortRetry still covers the race).
  const listener = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
  const { port } = listener;
  listener.stop(true);
  handedOut.add(port);
  return port;
}

/** True when a start failed because a port was taken after it was picked (Bun's "Is port N in use?", EADDRINUSE, nginx's bind error). */
export function isPortTaken(err: unknown): boolean {
  return /EADDRINUSE|address already in use|is port \d+ in use/i.test(err instanceof Error ? err.message : String(err));
}

/**
 * Runs `start` (which picks its ports with freePort, spawns through `group` and waits for its
 * processes) and, when it failed because a port was taken meanwhile, stops what that attempt
 * started and runs it again on fresh ports, at most `attempts` times in all.
 */
export async function startWithPortRetry<T>(group: ProcessGroup, what: string, start: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const before = group.started.length;
    try {
      return await start();
    } catch (err) {
      if (attempt >= attempts || !isPortTaken(err)) throw err;
      console.error(`[bench] ${what}: a port was taken before its process bound it; starting again on other ports (${(err as Error).message.split('\n')[0]})`);
      await group.stop(group.started.slice(before));
    }
  }
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

/** The whole machine's CPU time so far, from /proc/stat's first line, in clock ticks: idle (with I/O wait) and all. */
export function machineTicks(): { idle: number; total: number } {
  try {
    const first = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
    // cpu user nice system idle iowait irq softirq steal (guest time is already in user).
    const t = first.trim().split(/\s+/).slice(1, 9).map(Number);
    return { idle: (t[3] ?? 0) + (t[4] ?? 0), total: t.reduce((a, b) => a + b, 0) };
  } catch {
    return { idle: 0, total: 0 };
  }
}

/** A /proc/<pid>/task/<tid>/stat line's thread name and CPU seconds (user + system, at 100 ticks a second). */
export function parseTaskStat(line: string): { name: string; seconds: number } {
  // The name sits between the first '(' and the last ')': it may hold spaces and parentheses itself.
  const close = line.lastIndexOf(')');
  const fields = line.slice(close + 2).split(' ');
  return { name: line.slice(line.indexOf('(') + 1, close), seconds: (Number(fields[11]) + Number(fields[12])) / 100 };
}

/**
 * CPU seconds each thread of a process has used so far, by thread id (the process's own id is
 * its main thread: Bun's JS thread), with the thread's name. Where a proxy's time goes between its
 * JS thread and Bun's others (the HTTP client thread that carries fetch, the JIT, the GC).
 */
export function threadSeconds(pid: number): Map<number, { name: string; seconds: number }> {
  const out = new Map<number, { name: string; seconds: number }>();
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out; // The process is gone: no threads.
  }
  for (const task of tasks) {
    try {
      out.set(Number(task), parseTaskStat(readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8')));
    } catch {
      // This thread ended between the listing and the read; the others still count.
    }
  }
  return out;
}
