/**
 * `@tm/shared` is cut by purpose: each entry point is loaded in a fresh Bun process and the
 * packages it pulls in are compared with what its purpose needs, so a process pays only for the
 * entries it imports (the gateway never loads the MongoDB driver, a script importing the core
 * never loads Elysia). The source tree has no loose files and no import cycles.
 */
import { describe, expect, it } from 'bun:test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const packageDir = import.meta.dir;
const srcDir = join(packageDir, 'src');
const exportsMap = (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { exports: Record<string, string> }).exports;

/** The packages a process loads when it imports `file` and nothing else. */
async function packagesLoadedBy(file: string): Promise<Set<string>> {
  const script = `await import(${JSON.stringify(file)}); console.log(JSON.stringify(Object.keys(require.cache)));`;
  const child = Bun.spawn([process.execPath, '-e', script], { cwd: packageDir, stdout: 'pipe', stderr: 'pipe' });
  const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  if (code !== 0) throw new Error(`importing ${file} failed: ${err}`);
  const names = new Set<string>();
  for (const path of JSON.parse(out) as string[]) {
    const i = path.lastIndexOf('node_modules/');
    if (i < 0) continue;
    const [scope, name] = path.slice(i + 'node_modules/'.length).split('/');
    names.add(scope?.startsWith('@') ? `${scope}/${name}` : (scope ?? ''));
  }
  return names;
}

const DRIVERS = ['mongodb', 'mingo', 'ioredis'];
/** Metrics are loaded by the process that creates its telemetry (main.ts) and by serviceBase, never by the client or the stores. */
const METRICS = ['prom-client'];
/** The tracing SDK is imported by startTelemetry only when an OTLP endpoint is set: no entry loads it. */
const TRACING = ['@opentelemetry/sdk-trace', '@opentelemetry/exporter-trace-otlp-http', '@opentelemetry/resources'];
const ELYSIA = ['elysia', '@elysiajs/openapi'];
/**
 * What each entry must not load. The core, process, search and tokens entries load no package at
 * all; money and tokens/verify load Elysia only through `@tm/contracts` (the market table and the
 * claims schema are TypeBox schemas built with Elysia's `t`); prom-client comes with telemetry and
 * http (serviceBase serves /metrics) only.
 */
const forbidden: Record<string, string[]> = {
  '.': [...DRIVERS, ...ELYSIA, ...METRICS, 'jose', 'nodemailer', '@sinclair/typebox', ...TRACING],
  './process': [...DRIVERS, ...ELYSIA, ...METRICS, 'jose', 'nodemailer', ...TRACING],
  './search': [...DRIVERS, ...ELYSIA, ...METRICS, 'jose', 'nodemailer', ...TRACING],
  './tokens': [...DRIVERS, ...ELYSIA, ...METRICS, 'jose', 'nodemailer', ...TRACING],
  './client': [...DRIVERS, ...ELYSIA, ...METRICS, 'jose', 'nodemailer', ...TRACING],
  './money': [...DRIVERS, ...METRICS, '@elysiajs/openapi', 'jose', 'nodemailer', ...TRACING],
  './http': [...DRIVERS, 'jose', 'nodemailer', ...TRACING],
  './telemetry': [...DRIVERS, ...ELYSIA, 'jose', 'nodemailer', ...TRACING],
  './tokens/verify': [...DRIVERS, ...METRICS, 'nodemailer', ...TRACING],
  './mail': [...DRIVERS, ...ELYSIA, ...METRICS, 'jose', ...TRACING],
  './outbox': [...DRIVERS, ...ELYSIA, ...METRICS, 'jose', 'nodemailer', '@sinclair/typebox', ...TRACING],
  './store': [...DRIVERS, ...ELYSIA, ...METRICS, ...TRACING],
  './store/mongo': ['mingo', 'ioredis', ...ELYSIA, ...METRICS, ...TRACING],
  './store/redis': ['mongodb', 'mingo', ...ELYSIA, ...METRICS, ...TRACING],
  './store/embedded': ['mongodb', 'ioredis', ...ELYSIA, ...METRICS, ...TRACING],
};

/** The package each entry exists for: seeing it loaded shows the check above can fail. */
const needed: Record<string, string> = {
  './http': 'elysia',
  './client': '@sinclair/typebox',
  './telemetry': 'prom-client',
  './tokens/verify': 'jose',
  './mail': 'nodemailer',
  './store/mongo': 'mongodb',
  './store/redis': 'ioredis',
  './store/embedded': 'mingo',
};

/** Every `.ts` file under `dir`, tests excluded. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return entry.endsWith('.ts') && !entry.endsWith('.test.ts') ? [path] : [];
  });
}

/** The first import cycle among the package's own modules (relative imports, type-only ones included), or []. */
function firstCycle(files: string[], textOf: (file: string) => string = (f) => readFileSync(f, 'utf8')): string[] {
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const specs = [...textOf(file).matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((m) => resolve(dirname(file), m[1] as string));
    edges.set(file, specs);
  }
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): string[] => {
    if (state.get(file) === 'done') return [];
    if (state.get(file) === 'open') return [...path.slice(path.indexOf(file)), file];
    state.set(file, 'open');
    path.push(file);
    for (const next of edges.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle.length > 0) return cycle;
    }
    path.pop();
    state.set(file, 'done');
    return [];
  };
  for (const file of files) {
    const cycle = visit(file);
    if (cycle.length > 0) return cycle.map((f) => relative(srcDir, f));
  }
  return [];
}

describe('@tm/shared entry points', () => {
  it('declares one entry per purpose, and no catch-all', () => {
    expect(Object.keys(exportsMap).sort()).toEqual([
      '.',
      './client',
      './http',
      './mail',
      './money',
      './outbox',
      './process',
      './search',
      './store',
      './store/embedded',
      './store/mongo',
      './store/redis',
      './telemetry',
      './testing',
      './tokens',
      './tokens/revocations',
      './tokens/verify',
    ]);
  });

  for (const [entry, unwanted] of Object.entries(forbidden)) {
    it(`${entry} loads none of ${unwanted.join(', ')}`, async () => {
      const loaded = await packagesLoadedBy(join(packageDir, exportsMap[entry] as string));
      expect({ entry, loaded: unwanted.filter((p) => loaded.has(p)) }).toEqual({ entry, loaded: [] });
    });
  }

  it('sees the package each adapter or helper entry exists for (the checks above can fail)', async () => {
    for (const [entry, pkg] of Object.entries(needed)) {
      const loaded = await packagesLoadedBy(join(packageDir, exportsMap[entry] as string));
      expect({ entry, loads: loaded.has(pkg) }).toEqual({ entry, loads: true });
    }
  });

  it('keeps no loose files at the root of src: every module sits in the folder of its purpose', () => {
    expect(readdirSync(srcDir).filter((entry) => !statSync(join(srcDir, entry)).isDirectory())).toEqual([]);
  });

  it('re-exports by name: no entry uses export *', () => {
    const catchAll = sourceFiles(srcDir).filter((f) => /export \*/.test(readFileSync(f, 'utf8')));
    expect(catchAll.map((f) => relative(srcDir, f))).toEqual([]);
  });

  it('has no import cycle among its modules', () => {
    expect(firstCycle(sourceFiles(srcDir))).toEqual([]);
  });

  it('finds a cycle when there is one (the check above can fail)', () => {
    const texts: Record<string, string> = {
      [join(srcDir, 'a.ts')]: "import { b } from './b.ts';",
      [join(srcDir, 'b.ts')]: "import type { A } from './a.ts';",
    };
    expect(firstCycle(Object.keys(texts), (f) => texts[f] ?? '')).toEqual(['a.ts', 'b.ts', 'a.ts']);
  });
});
