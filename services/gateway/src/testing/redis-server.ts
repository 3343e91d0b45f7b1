import type { Subprocess } from 'bun';
import { Redis } from 'ioredis';

/** A redis-server of the test's own on a free port, which the test may stop and start again. */
export interface TestRedisServer {
  url: string;
  port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Polls `probe` until it is true, at most `attempts` times `intervalMs` apart; throws otherwise. */
export async function waitFor(what: string, probe: () => boolean | Promise<boolean>, attempts = 200, intervalMs = 25): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (await probe()) return;
    await Bun.sleep(intervalMs);
  }
  throw new Error(`timed out waiting for ${what}`);
}

function freePort(): number {
  const probe = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response() });
  const port = probe.port as number;
  probe.stop(true);
  return port;
}

/** Prepares (does not start) a redis-server with no persistence on a free 127.0.0.1 port. */
export function testRedisServer(): TestRedisServer {
  const port = freePort();
  let proc: Subprocess | undefined;
  const pings = async () => {
    const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => {});
    try {
      await client.connect();
      return (await client.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      client.disconnect();
    }
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      proc = Bun.spawn(['redis-server', '--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdout: 'ignore',
        stderr: 'ignore',
      });
      await waitFor(`redis-server on ${port}`, pings);
    },
    async stop() {
      if (!proc) return;
      proc.kill('SIGKILL');
      await proc.exited;
      proc = undefined;
    },
  };
}
