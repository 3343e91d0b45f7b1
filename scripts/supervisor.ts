/**
 * A small process supervisor for the all-in-one start: one child per service. A child that
 * exits is restarted with backoff while its neighbours keep serving (a microservice's death
 * must not take the others down), except one that refused its configuration (EXIT_CONFIG),
 * which is reported instead; SIGINT/SIGTERM stops them all.
 */

import { EXIT_CONFIG, SERVICE_RUNTIME_ENV } from '@tm/shared/process';
import type { Subprocess } from 'bun';

export interface ServiceSpec {
  name: string;
  /** Command line, e.g. ['bun', 'services/catalog/src/main.ts']. */
  cmd: string[];
  env: Record<string, string>;
}

export interface SupervisorOptions {
  cwd: string;
  log: (fields: Record<string, unknown>) => void;
  /** A child that ran this long before exiting starts its backoff from the beginning again. */
  stableAfterMs?: number;
  /** Called when a child exits with EXIT_CONFIG: it is not restarted, since the same configuration would fail again. */
  onConfigRefused?: (service: string) => void;
}

/** Delay before restart number `attempt` (0-based): 500 ms doubling, capped at 30 s. */
export function restartDelayMs(attempt: number): number {
  return Math.min(30_000, 500 * 2 ** Math.max(0, attempt));
}

interface Child {
  spec: ServiceSpec;
  proc?: Subprocess;
  attempt: number;
  startedAt: number;
  timer?: ReturnType<typeof setTimeout>;
}

/** Starts every service and returns a handle to stop them all. */
export function superviseServices(specs: readonly ServiceSpec[], options: SupervisorOptions) {
  const stableAfterMs = options.stableAfterMs ?? 30_000;
  let stopping = false;
  const children: Child[] = specs.map((spec) => ({ spec, attempt: 0, startedAt: 0 }));

  const start = (child: Child) => {
    child.startedAt = Date.now();
    const proc = Bun.spawn(child.spec.cmd, {
      cwd: options.cwd,
      env: { ...SERVICE_RUNTIME_ENV, ...process.env, ...child.spec.env },
      stdout: 'inherit',
      stderr: 'inherit',
      onExit: (_p, exitCode, signalCode) => onExit(child, exitCode, signalCode),
    });
    child.proc = proc;
    options.log({ msg: 'service started', child: child.spec.name, pid: proc.pid });
  };

  const onExit = (child: Child, exitCode: number | null, signal: number | NodeJS.Signals | null) => {
    child.proc = undefined;
    if (stopping) return;
    if (exitCode === EXIT_CONFIG) {
      options.log({ level: 'error', msg: 'service refused its configuration; not restarting', child: child.spec.name, exitCode });
      options.onConfigRefused?.(child.spec.name);
      return;
    }
    if (Date.now() - child.startedAt >= stableAfterMs) child.attempt = 0;
    const delay = restartDelayMs(child.attempt++);
    options.log({ msg: 'service exited; restarting', child: child.spec.name, exitCode, signal, restartInMs: delay });
    child.timer = setTimeout(() => start(child), delay);
  };

  for (const child of children) start(child);

  return {
    /** PIDs of the running children by service name. */
    pids(): Record<string, number | undefined> {
      return Object.fromEntries(children.map((c) => [c.spec.name, c.proc?.pid]));
    },
    /** SIGTERM to every child, SIGKILL to those still alive after `graceMs`. */
    async stop(graceMs = 5_000): Promise<void> {
      stopping = true;
      for (const c of children) clearTimeout(c.timer);
      const running = children.map((c) => c.proc).filter((p): p is Subprocess => p !== undefined);
      for (const p of running) p.kill('SIGTERM');
      const killer = setTimeout(() => {
        for (const p of running) p.kill('SIGKILL');
      }, graceMs);
      await Promise.all(running.map((p) => p.exited));
      clearTimeout(killer);
      for (const c of children) c.proc = undefined;
    },
  };
}
