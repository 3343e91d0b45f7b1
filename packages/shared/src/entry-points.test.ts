/**
 * A process pays only for the entry points it imports: each one is loaded in a fresh Bun process
 * and the drivers it must not pull in are looked for among the modules that process loaded.
 */
import { describe, expect, it } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const packageDir = resolve(import.meta.dir, '..');
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

const drivers = ['mongodb', 'mingo', 'ioredis'];
const unwanted: Record<string, string[]> = {
  '.': drivers,
  './http': drivers,
  './store': [...drivers, 'elysia'],
  './store/mongo': ['mingo', 'ioredis', 'elysia'],
  './store/redis': ['mongodb', 'mingo', 'elysia'],
  './store/embedded': ['mongodb', 'ioredis', 'elysia'],
};

describe('@tm/shared entry points', () => {
  it('declares the core, http, store, store adapters and testing entries, and no catch-all', () => {
    expect(Object.keys(exportsMap).sort()).toEqual(['.', './http', './store', './store/embedded', './store/mongo', './store/redis', './testing']);
  });

  for (const [entry, forbidden] of Object.entries(unwanted)) {
    it(`${entry} loads none of ${forbidden.join(', ')}`, async () => {
      const loaded = await packagesLoadedBy(join(packageDir, exportsMap[entry] as string));
      expect({ entry, loaded: forbidden.filter((p) => loaded.has(p)) }).toEqual({ entry, loaded: [] });
    });
  }

  it('sees the driver an adapter entry does load (the check above can fail)', async () => {
    expect((await packagesLoadedBy(join(packageDir, exportsMap['./store/mongo'] as string))).has('mongodb')).toBe(true);
    expect((await packagesLoadedBy(join(packageDir, exportsMap['./store/embedded'] as string))).has('mingo')).toBe(true);
  });

  it('keeps Elysia out of the core: no core module imports it (only @tm/contracts, for its schemas, does)', () => {
    const core = readdirSync(join(packageDir, 'src')).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const importers = core.filter((f) => /from '(elysia|@elysiajs\/[^']+|mongodb|mingo|ioredis)'/.test(readFileSync(join(packageDir, 'src', f), 'utf8')));
    expect(importers).toEqual([]);
  });
});
