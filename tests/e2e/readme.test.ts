/** The README's two commands are the ones a newcomer and CI run, and it stays a short page. */
import { describe, expect, it } from 'bun:test';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './support/system.ts';

const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
const shellBlocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => (m[1] ?? '').trim());
const scripts = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('README.md', () => {
  it('opens with the start command and then the test command, both root scripts', () => {
    expect(shellBlocks.slice(0, 2)).toEqual([
      'npm install -g bun@1.4.5 && bun install --frozen-lockfile && bun run start',
      'npm install -g bun@1.4.5 && bun install --frozen-lockfile && bun run test',
    ]);
    expect(Object.keys(scripts)).toEqual(expect.arrayContaining(['start', 'test']));
  });

  it('gives the test command that .ci/run runs verbatim', () => {
    expect(readFileSync(join(repoRoot, '.ci/run'), 'utf8')).toContain(`\n${shellBlocks[1]} 2>&1 | tee "$out"\n`);
  });

  it('is a newcomer page of at most 100 lines besides the code map (behaviour and operations live in docs/)', () => {
    expect(readme.split('\n').length - codeMap.length).toBeLessThanOrEqual(100);
  });
});

/** The lines of the README's code map (the first block under "## Code map"). */
const codeMap = (/## Code map\n\n```\n([\s\S]*?)```/.exec(readme)?.[1] ?? '').split('\n');
/** What the map lists per service: `  <service>/ ...` starts a service, `    src/<x>/` or `    src/<x>.ts` are its lines. */
function mappedFolders(): Map<string, string[]> {
  const map = new Map<string, string[]>();
  let service: string | undefined;
  for (const line of codeMap) {
    if (line.startsWith('packages/') || line.startsWith('tests/')) service = undefined;
    const svc = /^ {2}([a-z-]+)\/ /.exec(line)?.[1];
    if (svc && existsSync(join(repoRoot, 'services', svc))) {
      service = svc;
      map.set(svc, []);
      continue;
    }
    const entry = /^ {4}(src\/[\w.-]+)\/? /.exec(line)?.[1];
    if (service && entry) map.get(service)?.push(entry);
  }
  return map;
}
/** Folders under a service's src/ that hold its code (test helpers excepted). */
const featureFolders = (service: string) =>
  readdirSync(join(repoRoot, 'services', service, 'src'))
    .filter((d) => d !== 'testing' && statSync(join(repoRoot, 'services', service, 'src', d)).isDirectory())
    .map((d) => `src/${d}`);

describe("README.md's code map", () => {
  const mapped = mappedFolders();

  it('names every service', () => {
    expect([...mapped.keys()].sort()).toEqual(readdirSync(join(repoRoot, 'services')).sort());
  });

  it('gives every feature folder of every service one line, so any rule is two hops away (the map, then the folder)', () => {
    for (const service of readdirSync(join(repoRoot, 'services'))) {
      const listed = (mapped.get(service) ?? []).filter((e) => !e.endsWith('.ts'));
      expect({ service, folders: [...listed].sort() }).toEqual({ service, folders: featureFolders(service).sort() });
    }
  });

  it('names only files and folders that exist', () => {
    for (const [service, entries] of mapped)
      for (const entry of entries)
        expect({ service, entry, exists: existsSync(join(repoRoot, 'services', service, entry)) }).toEqual({ service, entry, exists: true });
    for (const line of codeMap) {
      const shared = /^ {4}(src\/[\w-]+)\/ +@tm\/shared/.exec(line)?.[1];
      if (shared) expect({ shared, exists: existsSync(join(repoRoot, 'packages/shared', shared)) }).toEqual({ shared, exists: true });
    }
  });

  it('lists every @tm/shared folder', () => {
    const listed = codeMap.map((l) => /^ {4}src\/([\w-]+)\/ +@tm\/shared/.exec(l)?.[1]).filter((x): x is string => x !== undefined);
    expect(listed.sort()).toEqual(readdirSync(join(repoRoot, 'packages/shared/src')).sort());
  });
});
