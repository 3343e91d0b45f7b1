import type { Subprocess } from 'bun';
import { freePort, waitFor } from './poll.ts';

/** A standalone redis-server of the test's own on a free port, which the test may stop and start again. */
export interface OwnRedisServer {
  url: string;
  port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Prepares (does not start) a redis-server with no persistence; start() polls (bounded) until it answers PING. */
export function ownRedisServer(): OwnRedisServer {
  const port = freePort();
  let proc: Subprocess | undefined;
  const pong = async () => {
    const p = Bun.spawn(['redis-cli', '-p', String(port), 'ping'], { stdout: 'pipe', stderr: 'ignore' });
    return (await new Response(p.stdout).text()).trim() === 'PONG';
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      proc = Bun.spawn(['redis-server', '--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdout: 'ignore',
        stderr: 'ignore',
      });
      await waitFor(`redis-server on ${port}`, pong);
    },
    async stop() {
      if (!proc) return;
      proc.kill('SIGKILL');
      await proc.exited;
      proc = undefined;
    },
  };
}
