import { afterAll, describe, expect, it } from 'bun:test';
import { HEALTH_PATH, isHealthPath, READY_PATH } from '../core/health.ts';

const PROBE = new URL('./health-probe.ts', import.meta.url).pathname;
let healthy = true;
const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch: (req) => new Response(null, { status: new URL(req.url).pathname === HEALTH_PATH && healthy ? 200 : 503 }),
});
afterAll(() => server.stop(true));

async function probe(port: string): Promise<number> {
  const child = Bun.spawn([process.execPath, PROBE], { env: { ...process.env, PORT: port }, stdout: 'ignore', stderr: 'ignore' });
  return child.exited;
}

describe('health probe', () => {
  it('exits 0 while the service answers its health path with 2xx, 1 once it does not', async () => {
    healthy = true;
    expect(await probe(String(server.port))).toBe(0);
    healthy = false;
    expect(await probe(String(server.port))).toBe(1);
  });

  it('exits 1 when nothing listens on the port', async () => {
    const listener = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
    const closed = listener.port;
    listener.stop(true);
    expect(await probe(String(closed))).toBe(1);
  });

  it('names exactly /healthz and /readyz as health paths', () => {
    expect([HEALTH_PATH, READY_PATH]).toEqual(['/healthz', '/readyz']);
    expect(['/healthz', '/readyz', '/healthz/', '/readyz?x=1', '/api/healthz'].map(isHealthPath)).toEqual([true, true, false, false, false]);
  });
});
