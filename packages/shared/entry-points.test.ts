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
  // The revocation view (every process that reads tokens): the service client and the feed's contract (Elysia's `t`), no driver, no metrics.
  './tokens/revocations': [...DRIVERS, ...METRICS, '@elysiajs/openapi', 'jose', 'nodemailer', ...TRACING],
  // Reviews' ratings index (talent's ranking, search): the service client and the index's contract (Elysia's `t`), like the revocation view.
  './client/ratings': [...DRIVERS, ...METRICS, '@elysiajs/openapi', 'jose', 'nodemailer', ...TRACING],
  // A service's caller: the two above together (jose, the service client), no driver, no metrics.
  './tokens/callers': [...DRIVERS, ...METRICS, '@elysiajs/openapi', 'nodemailer', ...TRACING],
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
  './tokens/callers': 'jose',
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

/** The relative imports of each file (type-only ones included), as resolved paths. */
function importsOf(files: string[], textOf: (file: string) => string = (f) => readFileSync(f, 'utf8')): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const file of files)
    edges.set(
      file,
      [...textOf(file).matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((m) => resolve(dirname(file), m[1] as string)),
    );
  return edges;
}

/** The first cycle of a directed graph, as the nodes walked round it, or []. */
function cycleIn(edges: Map<string, string[]>): string[] {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] => {
    if (state.get(node) === 'done') return [];
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'open');
    path.push(node);
    for (const next of edges.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle.length > 0) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return [];
  };
  for (const node of edges.keys()) {
    const cycle = visit(node);
    if (cycle.length > 0) return cycle;
  }
  return [];
}

/** The first import cycle among the package's own modules (relative imports, type-only ones included), or []. */
function firstCycle(files: string[], textOf?: (file: string) => string): string[] {
  return cycleIn(importsOf(files, textOf)).map((f) => relative(srcDir, f));
}

/** Which purpose folders (src/<folder>) each folder imports from, itself left out. */
function folderImports(files: string[], textOf?: (file: string) => string): Map<string, string[]> {
  const folderOf = (file: string) => relative(srcDir, file).split('/')[0] as string;
  const edges = new Map<string, string[]>();
  for (const [file, targets] of importsOf(files, textOf)) {
    const from = folderOf(file);
    const to = new Set([...(edges.get(from) ?? []), ...targets.map(folderOf).filter((f) => f !== from && !f.startsWith('..'))]);
    edges.set(from, [...to].sort());
  }
  return edges;
}

describe('@tm/shared entry points', () => {
  it('declares one entry per purpose, and no catch-all', () => {
    expect(Object.keys(exportsMap).sort()).toEqual([
      '.',
      './client',
      './client/ratings',
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
      './tokens/callers',
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

  it('has no cycle among its purpose folders either, and the core imports from none of them', () => {
    const folders = folderImports(sourceFiles(srcDir));
    expect(cycleIn(folders)).toEqual([]);
    expect(folders.get('core')).toEqual([]);
  });

  it('finds a folder cycle that no two files make (the check above can fail)', () => {
    const texts: Record<string, string> = {
      [join(srcDir, 'core/a.ts')]: "import { b } from '../http/b.ts';",
      [join(srcDir, 'http/b.ts')]: 'export const b = 1;',
      [join(srcDir, 'http/c.ts')]: "import { d } from '../core/d.ts';",
      [join(srcDir, 'core/d.ts')]: 'export const d = 1;',
    };
    expect(firstCycle(Object.keys(texts), (f) => texts[f] ?? '')).toEqual([]);
    expect(cycleIn(folderImports(Object.keys(texts), (f) => texts[f] ?? ''))).toEqual(['core', 'http', 'core']);
  });

  it('finds a cycle when there is one (the check above can fail)', () => {
    const texts: Record<string, string> = {
      [join(srcDir, 'a.ts')]: "import { b } from './b.ts';",
      [join(srcDir, 'b.ts')]: "import type { A } from './a.ts';",
    };
    expect(firstCycle(Object.keys(texts), (f) => texts[f] ?? '')).toEqual(['a.ts', 'b.ts', 'a.ts']);
  });
});
