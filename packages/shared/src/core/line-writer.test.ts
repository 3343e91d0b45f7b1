import { describe, expect, it } from 'bun:test';
import { join } from 'node:path';

const logger = join(import.meta.dir, 'logger.ts');
const stopOnSignals = join(import.meta.dir, '../process/start-up.ts');

/** Runs `source` as its own Bun process with stdout piped (read from after `readAfterMs`); returns the process and its parsed lines so far. */
function spawnScript(source: string, readAfterMs = 0) {
  const proc = Bun.spawn([process.execPath, '-e', source], { stdout: 'pipe', stderr: 'pipe' });
  const lines: Record<string, unknown>[] = [];
  const done = (async () => {
    if (readAfterMs > 0) await Bun.sleep(readAfterMs);
    let rest = '';
    const decoder = new TextDecoder();
    const reader = proc.stdout.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      rest += decoder.decode(read.value, { stream: true });
      const parts = rest.split('\n');
      rest = parts.pop() ?? '';
      for (const part of parts) lines.push(JSON.parse(part));
    }
    if (rest !== '') lines.push(JSON.parse(rest));
  })();
  return { proc, lines, done };
}

async function pollUntil(check: () => boolean, what: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(5);
  }
}

describe('the batched stdout log writer', () => {
  it('writes every line, whole and in order, when the process exits right after logging more than a pipe holds and nobody reads yet', async () => {
    const { proc, lines, done } = spawnScript(
      `
      import { createLogger } from '${logger}';
      const log = createLogger('demo');
      for (let i = 0; i < 20000; i++) log.info('line', { i, pad: 'x'.repeat(100) });
      process.exit(0);
    `,
      300,
    );
    expect(await proc.exited).toBe(0);
    await done;
    expect(lines).toHaveLength(20000);
    expect(lines.every((l, i) => l.i === i && l.service === 'demo' && l.msg === 'line')).toBe(true);
  });

  it('sends lines out on its timer while the process keeps running', async () => {
    const { proc, lines, done } = spawnScript(`
      import { createLogger } from '${logger}';
      createLogger('demo').info('ready');
      setInterval(() => {}, 1000);
    `);
    try {
      await pollUntil(() => lines.length === 1, 'the first line');
      expect(lines[0]).toMatchObject({ level: 'info', service: 'demo', msg: 'ready' });
    } finally {
      proc.kill('SIGKILL');
      await done;
    }
  });

  it('loses nothing logged up to a SIGTERM shutdown, including the lines written while stopping', async () => {
    const { proc, lines, done } = spawnScript(`
      import { createLogger } from '${logger}';
      import { stopOnSignals } from '${stopOnSignals}';
      const log = createLogger('demo');
      let n = 0;
      const busy = setInterval(() => { for (let k = 0; k < 50; k++) log.info('work', { n: n++ }); }, 1);
      stopOnSignals(log, async () => { clearInterval(busy); log.info('stopped', { written: n }); });
      log.info('ready');
    `);
    await pollUntil(() => lines.some((l) => l.msg === 'ready'), 'the ready line');
    proc.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    await done;
    const stopped = lines.find((l) => l.msg === 'stopped');
    const work = lines.filter((l) => l.msg === 'work');
    expect(stopped?.written).toBe(work.length);
    expect(work.every((l, i) => l.n === i)).toBe(true);
    expect(lines.at(-1)?.msg).toBe('stopped');
  });
});
