import { describe, expect, it } from 'bun:test';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXIT_CONFIG, SERVICE_RUNTIME_ENV } from '@tm/shared/process';
import { restartDelayMs, superviseServices } from '../../scripts/supervisor.ts';
import { freePort, pollUntil, repoRoot } from './support/system.ts';

describe('restartDelayMs', () => {
  it('doubles from half a second and caps at thirty seconds', () => {
    expect([0, 1, 2, 3].map(restartDelayMs)).toEqual([500, 1_000, 2_000, 4_000]);
    expect(restartDelayMs(20)).toBe(30_000);
  });
});

describe('superviseServices', () => {
  it('restarts a child that dies while its neighbour keeps serving, and stops both on demand', async () => {
    const port = freePort();
    const server = `Bun.serve({ hostname: '127.0.0.1', port: ${port}, fetch: () => new Response('up') })`;
    const logs: Record<string, unknown>[] = [];
    const sup = superviseServices(
      [
        { name: 'steady', cmd: [process.execPath, '-e', server], env: {} },
        { name: 'fragile', cmd: [process.execPath, '-e', 'setTimeout(() => {}, 60000)'], env: {} },
      ],
      { cwd: repoRoot, log: (f) => logs.push(f) },
    );
    try {
      await pollUntil(async () =>
        (await fetch(`http://127.0.0.1:${port}/`).then(
          (r) => r.ok,
          () => false,
        ))
          ? true
          : undefined,
      );
      const firstPid = sup.pids().fragile;
      expect(firstPid).toBeNumber();
      process.kill(firstPid as number, 'SIGKILL');
      const restarted = await pollUntil(async () => {
        const pid = sup.pids().fragile;
        return pid !== undefined && pid !== firstPid ? pid : undefined;
      });
      expect(restarted).not.toBe(firstPid);
      expect(logs.some((l) => l.msg === 'service exited; restarting' && l.child === 'fragile' && l.restartInMs === 500)).toBe(true);
      // The neighbour never noticed.
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('up');
    } finally {
      await sup.stop();
    }
    expect(sup.pids()).toEqual({ steady: undefined, fragile: undefined });
    expect(
      await fetch(`http://127.0.0.1:${port}/`).then(
        () => 'answered',
        () => 'refused',
      ),
    ).toBe('refused');
  });

  it('does not restart a child that refused its configuration (exit 78): it reports it once instead', async () => {
    const logs: Record<string, unknown>[] = [];
    const refused: string[] = [];
    const sup = superviseServices([{ name: 'misconfigured', cmd: [process.execPath, '-e', `process.exit(${EXIT_CONFIG})`], env: {} }], {
      cwd: repoRoot,
      log: (f) => logs.push(f),
      onConfigRefused: (name) => refused.push(name),
    });
    try {
      await pollUntil(async () => (refused.length > 0 ? true : undefined));
      // The restart decision is made in the same exit handler that reported the refusal, so no
      // waiting is needed to know none was scheduled.
      expect(refused).toEqual(['misconfigured']);
      expect(logs.filter((l) => l.msg === 'service started')).toHaveLength(1);
      expect(logs.some((l) => l.msg === 'service exited; restarting')).toBe(false);
      expect(sup.pids()).toEqual({ misconfigured: undefined });
    } finally {
      await sup.stop();
    }
  });

  it('bun run start refuses a bad port before starting anything: exit 78, the variable named', async () => {
    const proc = Bun.spawn([process.execPath, 'scripts/start.ts'], {
      cwd: repoRoot,
      env: { ...process.env, AUTH_PORT: 'abc' },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const [out, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
    expect(code).toBe(EXIT_CONFIG);
    expect(out).toContain('AUTH_PORT: must be an integer');
    expect(out).not.toContain('service started');
  });

  it('starts every child with the services runtime settings (SERVICE_RUNTIME_ENV), under the operator environment and the child own', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'supervisor-env-'));
    const names = Object.keys(SERVICE_RUNTIME_ENV);
    const dump = (file: string) =>
      `require('node:fs').writeFileSync(${JSON.stringify(join(dir, file))}, JSON.stringify(Object.fromEntries(${JSON.stringify(names)}.map((n) => [n, process.env[n]])))); setTimeout(() => {}, 60000)`;
    const [first] = names as [string];
    const sup = superviseServices(
      [
        { name: 'plain', cmd: [process.execPath, '-e', dump('plain.json')], env: {} },
        { name: 'own', cmd: [process.execPath, '-e', dump('own.json')], env: { [first]: 'child-value' } },
      ],
      { cwd: repoRoot, log: () => {} },
    );
    try {
      const read = (file: string) => pollUntil(async () => (existsSync(join(dir, file)) ? JSON.parse(readFileSync(join(dir, file), 'utf8')) : undefined));
      expect(await read('plain.json')).toEqual({
        ...SERVICE_RUNTIME_ENV,
        ...Object.fromEntries(names.filter((n) => process.env[n] !== undefined).map((n) => [n, process.env[n]])),
      });
      expect((await read('own.json'))[first]).toBe('child-value');
    } finally {
      await sup.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
