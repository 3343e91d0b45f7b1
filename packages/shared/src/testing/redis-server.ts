import type { Subprocess } from 'bun';

/** A standalone redis-server of the test's own on a free port, which the test may stop and start again. */
export interface OwnRedisServer {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

function freePort(): number {
  const probe = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response() });
  const port = probe.port as number;
  probe.stop(true);
  return port;
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
    async start() {
      proc = Bun.spawn(['redis-server', '--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdout: 'ignore',
        stderr: 'ignore',
      });
      for (let i = 0; i < 200; i++) {
        if (await pong()) return;
        await Bun.sleep(25);
      }
      throw new Error(`redis-server on ${port} did not answer`);
    },
    async stop() {
      if (!proc) return;
      proc.kill('SIGKILL');
      await proc.exited;
      proc = undefined;
    },
  };
}
