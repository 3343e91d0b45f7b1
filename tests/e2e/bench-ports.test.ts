/**
 * The bench's ports (scripts/bench/processes.ts): picked below the kernel's ephemeral range, and a
 * start that lost its port to another process between the pick and the bind is started again.
 */
import { afterAll, describe, expect, it } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answersOk, createProcessGroup, freePort, isPortTaken, startWithPortRetry, waitFor } from '../../scripts/bench/processes.ts';

const workDir = mkdtempSync(join(tmpdir(), 'tm-bench-ports-'));
const group = createProcessGroup(workDir);
afterAll(async () => {
  await group.stopAll(1000);
  rmSync(workDir, { recursive: true, force: true });
});

const ephemeralLow = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
/** A Bun server on `port` (no services needed): what a service's listen does, and its "port in use" exit. */
const serve = (name: string, port: number) =>
  group.spawn(name, [process.execPath, '-e', `Bun.serve({ hostname: '127.0.0.1', port: ${port}, fetch: () => new Response('ok') })`], {}, workDir);

describe('the bench harness ports', () => {
  it('hands out distinct bindable ports below the ephemeral range (where no port-0 bind or outgoing connection lands)', () => {
    const ports = Array.from({ length: 50 }, () => freePort());
    expect(new Set(ports).size).toBe(50);
    for (const port of ports) expect(port).toBeLessThan(ephemeralLow);
  });

  it('starts again on another port when a child lost its port, stopping the failed attempt first', async () => {
    const taken = freePort();
    const squatter = Bun.listen({ hostname: '127.0.0.1', port: taken, socket: { data() {} } });
    try {
      let attempts = 0;
      const result = await startWithPortRetry(group, 'a server', async () => {
        const port = ++attempts === 1 ? taken : freePort();
        const child = serve(`server-${attempts}`, port);
        await waitFor(`server ${attempts}`, () => answersOk(`http://127.0.0.1:${port}/`), [child], 10_000);
        return { port, child };
      });
      expect(attempts).toBe(2);
      expect(result.port).not.toBe(taken);
      expect(await answersOk(`http://127.0.0.1:${result.port}/`)).toBe(true);
      // The first child exited on its own (port in use): nothing of that attempt is left running.
      expect(group.started.filter((s) => s.name === 'server-1' && s.proc.exitCode === null && s.proc.signalCode === null)).toEqual([]);
    } finally {
      squatter.stop(true);
    }
  }, 20_000);

  it("recognises a taken port in Bun's, the kernel's and nginx's words, and rethrows anything else at once", async () => {
    for (const m of [
      'Failed to start server. Is port 41234 in use?',
      'listen EADDRINUSE: address already in use',
      'bind() to 127.0.0.1:80 failed (98: Address already in use)',
    ])
      expect(isPortTaken(new Error(m))).toBe(true);
    expect(isPortTaken(new Error('catalog exited (78) while waiting for catalog /readyz'))).toBe(false);
    let calls = 0;
    const failing = startWithPortRetry(group, 'a broken start', async () => {
      calls++;
      throw new Error('config refused');
    });
    await expect(failing).rejects.toThrow('config refused');
    expect(calls).toBe(1);
    calls = 0;
    const alwaysTaken = startWithPortRetry(group, 'an unlucky start', async () => {
      calls++;
      throw new Error('Is port 1 in use?');
    });
    await expect(alwaysTaken).rejects.toThrow('in use');
    expect(calls).toBe(3);
  });
});
