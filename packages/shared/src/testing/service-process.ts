import type { Subprocess } from 'bun';
import { freePort } from './poll.ts';

/** A service's real process (`bun src/main.ts`) under test: its URL, the process, and its log as parsed lines. */
export interface ServiceProcess {
  url: string;
  proc: Subprocess<'ignore', 'pipe', 'pipe'>;
  /** Its stdout, one entry per JSON log line (`{ raw }` for a line that is not JSON). */
  lines: Record<string, unknown>[];
}

/**
 * Starts a service as a process of its own on a free 127.0.0.1 port with exactly `env` (plus
 * PATH, HOST and PORT), collects its log lines, and resolves once its /readyz answers 200 (throws
 * with its stderr when it exits first). The kill-and-restart tests of the outboxes use it: the
 * caller kills it (SIGKILL) and starts another on the same database.
 */
export async function startServiceProcess(options: { dir: string; env: Record<string, string>; readyTimeoutMs?: number }): Promise<ServiceProcess> {
  const port = freePort();
  const env = { PATH: process.env.PATH ?? '', ...options.env, HOST: '127.0.0.1', PORT: String(port) };
  const proc = Bun.spawn([process.execPath, 'src/main.ts'], { cwd: options.dir, env, stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' });
  const p: ServiceProcess = { url: `http://127.0.0.1:${port}`, proc, lines: [] };
  void (async () => {
    const decoder = new TextDecoder();
    const reader = proc.stdout.getReader();
    let rest = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += decoder.decode(value, { stream: true });
      const parts = rest.split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        try {
          p.lines.push(JSON.parse(line));
        } catch {
          p.lines.push({ raw: line });
        }
      }
    }
  })();
  const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${options.dir} exited ${proc.exitCode}: ${await new Response(proc.stderr).text()}`);
    if ((await fetch(`${p.url}/readyz`).catch(() => undefined))?.ok === true) return p;
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`${options.dir} not ready in time`);
    }
    await Bun.sleep(25);
  }
}

/** The mails a process wrote to its log (the dev outbox, no SMTP_URL). */
export const devMails = (p: ServiceProcess) => p.lines.filter((l) => l.msg === 'mail (dev outbox)');
