import { describe, expect, it } from 'bun:test';
import { EXIT_CONFIG } from '@tm/shared/process';

const MAIN = new URL('./main.ts', import.meta.url).pathname;

/** Reads a child's stdout until a line matches, with a bound on how long to wait. */
async function waitForLine(stream: ReadableStream<Uint8Array>, match: (line: Record<string, unknown>) => boolean, timeoutMs = 10_000) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      for (const line of buffer.split('\n')) {
        try {
          const parsed = JSON.parse(line) as Record<string, unknown>;
          if (match(parsed)) return parsed;
        } catch {
          // a partial line; keep reading
        }
      }
    }
  } finally {
    reader.releaseLock();
  }
  throw new Error(`no matching log line in: ${buffer}`);
}

describe('catalog main', () => {
  it('seeds the embedded store, serves on a random port and stops cleanly on SIGTERM', async () => {
    const child = Bun.spawn(['bun', MAIN], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', MONGODB_URL: '', TALENT_URL: 'http://127.0.0.1:9', NODE_ENV: 'development' },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    try {
      const listening = await waitForLine(child.stdout, (l) => l.msg === 'listening');
      const base = `http://127.0.0.1:${listening.port}`;
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(200);
      const catalog = (await (await fetch(`${base}/services/catalog`)).json()) as { data: unknown[] };
      expect(catalog.data).toHaveLength(33);
      child.kill('SIGTERM');
      expect(await child.exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('refuses to start with a bad variable and names it', async () => {
    const child = Bun.spawn(['bun', MAIN], { env: { ...process.env, PORT: 'eighty' }, stdout: 'pipe', stderr: 'pipe' });
    expect(await child.exited).toBe(EXIT_CONFIG);
    expect(await new Response(child.stdout).text()).toContain('PORT');
  });
});
