import { describe, expect, it } from 'bun:test';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../core/config.ts';
import { createMemoryLogger } from '../core/logger.ts';
import { EXIT_CONFIG, loadConfigOrExit, SERVICE_RUNTIME_ENV } from './start-up.ts';

class Exited extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}
const exit = (code: number): never => {
  throw new Exited(code);
};

describe('loadConfigOrExit', () => {
  it('returns the configuration when it loads', () => {
    expect(loadConfigOrExit(createMemoryLogger(), () => ({ PORT: 1 }), exit)).toEqual({ PORT: 1 });
  });

  it('logs every problem in one line and exits 78 (EX_CONFIG) on a bad configuration', () => {
    const logger = createMemoryLogger();
    const run = () =>
      loadConfigOrExit(
        logger,
        () => {
          throw new ConfigError(['PORT: must be an integer', 'REDIS_URL: must be a URL']);
        },
        exit,
      );
    expect(run).toThrow(new Exited(78));
    expect(EXIT_CONFIG).toBe(78);
    expect(logger.lines).toHaveLength(1);
    expect(logger.lines[0]).toMatchObject({ level: 'error', problems: ['PORT: must be an integer', 'REDIS_URL: must be a URL'] });
  });

  it('lets errors other than configuration errors through', () => {
    expect(() =>
      loadConfigOrExit(
        createMemoryLogger(),
        () => {
          throw new TypeError('bug');
        },
        exit,
      ),
    ).toThrow(TypeError);
  });
});

/**
 * Runs `script` from a file (Bun's GC timer did not tick under `bun -e`) in a fresh Bun with `env`
 * over this one's, its output to a file as the services' logs go, and returns what it wrote.
 */
async function runBun(script: string, env: Record<string, string>): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'runtime-env-'));
  try {
    const file = join(dir, 'script.ts');
    writeFileSync(file, script);
    const output = join(dir, 'output.log');
    const fd = openSync(output, 'w');
    const proc = Bun.spawn([process.execPath, file], { env: { ...process.env, ...env }, stdout: fd, stderr: fd });
    closeSync(fd);
    await proc.exited;
    return readFileSync(output, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('SERVICE_RUNTIME_ENV', () => {
  it('names JSC options this Bun knows, with our values (JSC ignores a misspelt or renamed one)', async () => {
    const jsc = Object.entries(SERVICE_RUNTIME_ENV).filter(([name]) => name.startsWith('BUN_JSC_'));
    expect(jsc.length).toBeGreaterThan(0);
    const dump = await runBun('0', { ...SERVICE_RUNTIME_ENV, BUN_JSC_dumpOptions: '1' });
    for (const [name, value] of jsc) expect(dump).toContain(`${name.slice('BUN_JSC_'.length)}=${value}`);
  });

  // Bun's GC timer makes a tick's collection a full one after BUN_IDLE_GC_SECONDS of ticks in which
  // the heap hardly grew (docs/operations.md, "Runtime settings"). Here the ticks come every 100 ms
  // instead of 30 s, and a server idles 3.5 s after building an old generation: the control, a
  // ladder of three rungs a second apart, runs three full collections more than ours (JSC may run
  // one of its own in either), which runs only the ticks' eden ones.
  it('turns off Bun idle full collections (BUN_IDLE_GC_SECONDS), which a lightly loaded service would otherwise run', async () => {
    // A listening server idling, as a service between requests (the timer did not tick in a script
    // waiting on a top-level await with the markers' setting).
    const script = `
      const keep = []; for (let i = 0; i < 200000; i++) keep.push({ i, s: 'v' + i });
      let junk = []; for (let i = 0; i < 200000; i++) junk.push({ i, s: 'j' + i }); junk = null;
      Bun.gc(true);
      console.error('IDLE FROM HERE');
      const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('ok') });
      setTimeout(() => { console.log(keep.length); server.stop(true); }, 3500);`;
    const fullWhileIdle = async (idle: string) => {
      const log = await runBun(script, { ...SERVICE_RUNTIME_ENV, BUN_GC_TIMER_INTERVAL: '100', BUN_IDLE_GC_SECONDS: idle, BUN_JSC_logGC: '1' });
      const idling = log.slice(log.indexOf('IDLE FROM HERE'));
      expect(idling).toContain('=> EdenCollection');
      return (idling.match(/=> FullCollection/g) ?? []).length;
    };
    expect(SERVICE_RUNTIME_ENV.BUN_IDLE_GC_SECONDS).toBe('0');
    const [ours, control] = await Promise.all([fullWhileIdle(SERVICE_RUNTIME_ENV.BUN_IDLE_GC_SECONDS as string), fullWhileIdle('1,1,1')]);
    expect({ ours: ours <= 1, ladderRan: control - ours >= 2 }).toEqual({ ours: true, ladderRan: true });
  });
});
