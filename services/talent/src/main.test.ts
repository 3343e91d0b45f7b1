/**
 * The talent process itself: MongoDB away at start is one JSON log line per attempt, /healthz
 * alive and /readyz 503 (no crash loop); a second process on a taken port is refused.
 */
import { describe, expect, it } from 'bun:test';

const MAIN = new URL('./main.ts', import.meta.url).pathname;

/** Collects a child's stdout lines (JSON) until `match` holds, with a bound on the wait. */
async function waitForLine(lines: Record<string, unknown>[], match: (l: Record<string, unknown>) => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const hit = lines.find(match);
    if (hit) return hit;
    await Bun.sleep(20);
  }
  throw new Error(`no matching line in ${JSON.stringify(lines)}`);
}

function start(env: Record<string, string>) {
  const child = Bun.spawn(['bun', MAIN], { env: { ...process.env, HOST: '127.0.0.1', NODE_ENV: 'development', ...env }, stdout: 'pipe', stderr: 'pipe' });
  const lines: Record<string, unknown>[] = [];
  const stderr: string[] = [];
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    const reader = child.stdout.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      for (const p of parts) if (p.trim()) lines.push(JSON.parse(p));
    }
  })();
  void new Response(child.stderr).text().then((t) => stderr.push(t));
  return { child, lines, stderr };
}

describe('talent main', () => {
  it('keeps running while MongoDB is unreachable at start: JSON log lines, /healthz 200, /readyz 503, no stack trace', async () => {
    const { child, lines, stderr } = start({ PORT: '0', MONGODB_URL: 'mongodb://127.0.0.1:9/talent', MONGODB_TIMEOUT_MS: '300' });
    try {
      const listening = await waitForLine(lines, (l) => l.msg === 'listening');
      const base = `http://127.0.0.1:${listening.port}`;
      const failed = await waitForLine(lines, (l) => String(l.msg).startsWith('talent setup') && l.level === 'error');
      expect(failed).toMatchObject({ service: 'talent', attempt: 1 });
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect((await fetch(`${base}/readyz`)).status).toBe(503);
      const res = await fetch(`${base}/talent/sitemap`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ success: false, error: { code: 'SERVICE_UNAVAILABLE' } });
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill('SIGTERM');
      await child.exited;
    }
    expect(stderr.join('')).not.toContain('at ');
  }, 20_000);

  it('binds its port exclusively: a second process on the same port logs "cannot listen" and exits 1', async () => {
    const first = start({ PORT: '0' });
    try {
      const listening = await waitForLine(first.lines, (l) => l.msg === 'listening');
      const second = start({ PORT: String(listening.port) });
      expect(await second.child.exited).toBe(1);
      expect(second.lines.some((l) => l.msg === 'cannot listen')).toBe(true);
    } finally {
      first.child.kill('SIGTERM');
      await first.child.exited;
    }
  }, 20_000);
});
