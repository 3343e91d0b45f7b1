/**
 * The booking's one owner (docs/lifecycle.md): a lint-like check over the service's source that
 * every status change goes through lifecycle.ts and its one repository method.
 */
import { describe, expect, it } from 'bun:test';
import { join, relative } from 'node:path';
import { Glob } from 'bun';

const src = join(import.meta.dir, '..');
const sources = [...new Glob('**/*.ts').scanSync(src)].filter((f) => !f.endsWith('.test.ts') && !f.startsWith('testing/'));
const read = (f: string) => Bun.file(join(src, f)).text();

async function filesMatching(pattern: RegExp): Promise<string[]> {
  const hits: string[] = [];
  for (const f of sources) if (pattern.test(await read(f))) hits.push(relative(src, join(src, f)));
  return hits.sort();
}

describe("the booking's one owner", () => {
  it("appends to a booking's history in exactly one file: the repository's applyTransition", async () => {
    expect(sources.length).toBeGreaterThan(20);
    expect(await filesMatching(/\$push:\s*\{\s*history/)).toEqual(['bookings/repository.ts']);
  });

  it('calls applyTransition only from the lifecycle module, and every status change through lifecycle.move', async () => {
    expect(await filesMatching(/\.applyTransition\(/)).toEqual(['bookings/lifecycle.ts']);
    // Nothing else opens the bookings collection to write to it behind the repository's back.
    expect(await filesMatching(/collection<BookingDoc>\(/)).toEqual(['bookings/repository.ts']);
    expect(await filesMatching(/lifecycle\.move\(/)).toEqual([
      'bookings/use-cases.ts',
      'payments/apply-event.ts',
      'reconciler/money-duties.ts',
      'reconciler/reconciler.ts',
    ]);
  });
});
