/** The README's two commands are the ones a newcomer and CI run, and it stays a short page. */
import { describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
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

  it('is a newcomer page of at most 150 lines (behaviour and operations live in docs/)', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(150);
  });
});
