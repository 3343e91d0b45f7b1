import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Subprocess } from 'bun';

/** A Redis Cluster of the test's own: three masters on free 127.0.0.1 ports, slots assigned. */
export interface TestRedisCluster {
  /** REDIS_URL for it: redis+cluster://127.0.0.1:a,127.0.0.1:b,127.0.0.1:c */
  url: string;
  ports: number[];
  stop(): Promise<void>;
}

/** True when nothing listens on `port` (and so a server may take it). */
function isFree(port: number): boolean {
  try {
    Bun.listen({ hostname: '127.0.0.1', port, socket: { data() {} } }).stop(true);
    return true;
  } catch {
    return false;
  }
}

/** A data port whose cluster bus port (data port + 10000) is free too. */
function freeClusterPort(taken: Set<number>): number {
  for (let i = 0; i < 200; i++) {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    if (!taken.has(port) && isFree(port) && isFree(port + 10_000)) {
      taken.add(port);
      return port;
    }
  }
  throw new Error('no free port pair for a cluster node');
}

async function redisCli(args: string[]): Promise<string> {
  const proc = Bun.spawn(['redis-cli', ...args], { stdout: 'pipe', stderr: 'pipe' });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0) throw new Error(`redis-cli ${args.join(' ')} failed: ${err || out}`);
  return out;
}

/**
 * Starts `redis-server --cluster-enabled yes` three times (no persistence, in a temporary
 * folder), joins them with `redis-cli --cluster create`, and waits (polling, bounded) until every
 * node reports `cluster_state:ok`. Stop it in afterAll.
 */
export async function startTestRedisCluster(): Promise<TestRedisCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'redis-cluster-'));
  const taken = new Set<number>();
  const ports = [freeClusterPort(taken), freeClusterPort(taken), freeClusterPort(taken)];
  const procs: Subprocess[] = ports.map((port) =>
    Bun.spawn(
      [
        'redis-server',
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        `nodes-${port}.conf`,
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        dir,
      ],
      { stdout: 'ignore', stderr: 'ignore' },
    ),
  );
  const stop = async () => {
    for (const p of procs) p.kill('SIGKILL');
    await Promise.all(procs.map((p) => p.exited));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const port of ports) await poll(`node ${port}`, async () => (await redisCli(['-p', String(port), 'ping']).catch(() => '')).trim() === 'PONG');
    await redisCli(['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '0', '--cluster-yes']);
    for (const port of ports)
      await poll(`cluster state on ${port}`, async () => (await redisCli(['-p', String(port), 'cluster', 'info'])).includes('cluster_state:ok'));
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: `redis+cluster://${ports.map((p) => `127.0.0.1:${p}`).join(',')}`, ports, stop };
}

async function poll(what: string, probe: () => Promise<boolean>, attempts = 200, intervalMs = 25): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (await probe()) return;
    await Bun.sleep(intervalMs);
  }
  throw new Error(`timed out waiting for ${what}`);
}
