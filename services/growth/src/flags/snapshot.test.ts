import { describe, expect, it } from 'bun:test';
import { createManualClock, createMemoryLogger } from '@tm/shared';
import type { FlagDoc } from './model.ts';
import type { FlagRepository } from './repository.ts';
import { createFlagSnapshot } from './snapshot.ts';

const flag = (key: string, version: number): FlagDoc => ({
  _id: key,
  type: 'boolean',
  enabled: true,
  defaultValue: version > 1,
  hashAttribute: 'deviceId',
  version,
  updatedAt: new Date(version),
});

/** A store whose reads answer only when the test lets them: `stored` is what a read started now returns. */
function slowRepo() {
  let stored: FlagDoc[] = [flag('one', 1)];
  const reads: { release(): void }[] = [];
  const repo = {
    all: () =>
      new Promise<FlagDoc[]>((resolve) => {
        const seen = stored;
        reads.push({ release: () => resolve(seen) });
      }),
  } as unknown as FlagRepository;
  return { repo, reads, write: (docs: FlagDoc[]) => (stored = docs) };
}

describe('the flag snapshot', () => {
  it('ends a reload asked for after a write with the write loaded, even while an older read is running', async () => {
    const store = slowRepo();
    const snapshot = createFlagSnapshot({ repo: store.repo, clock: createManualClock(), logger: createMemoryLogger('growth'), refreshMs: 5000 });
    const background = snapshot.reload(); // a read before the write
    store.write([flag('one', 2)]);
    const afterWrite = snapshot.reload();
    expect(store.reads.length).toBe(1);
    store.reads[0]?.release();
    await background;
    expect(snapshot.loaded().get('one')?.version).toBe(1);
    for (let i = 0; i < 100 && store.reads.length < 2; i++) await Bun.sleep(1);
    expect(store.reads.length).toBe(2);
    store.reads[1]?.release();
    await afterWrite;
    expect(snapshot.loaded().get('one')?.version).toBe(2);
  });

  it('keeps its Map (the version bulk answers are kept by) when a reload finds the same flags, and replaces it when they changed', async () => {
    const store = slowRepo();
    const snapshot = createFlagSnapshot({ repo: store.repo, clock: createManualClock(), logger: createMemoryLogger('growth'), refreshMs: 5000 });
    const load = async () => {
      const done = snapshot.reload();
      store.reads.at(-1)?.release();
      await done;
      return snapshot.loaded();
    };
    const first = await load();
    expect(await load()).toBe(first);
    store.write([flag('one', 2)]);
    const second = await load();
    expect(second).not.toBe(first);
    store.write([]);
    expect((await load()).size).toBe(0);
  });
});

describe('the flag snapshot, read', () => {
  it('shares one load among readers that find the flags missing or stale, and queues none after it', async () => {
    const store = slowRepo();
    const clock = createManualClock();
    const snapshot = createFlagSnapshot({ repo: store.repo, clock, logger: createMemoryLogger('growth'), refreshMs: 5000 });
    const readers = Array.from({ length: 10 }, () => snapshot.current());
    expect(store.reads.length).toBe(1);
    store.reads[0]?.release();
    for (const flags of await Promise.all(readers)) expect(flags.get('one')?.version).toBe(1);
    clock.advance(5000);
    for (let i = 0; i < 10; i++) await snapshot.current();
    expect(store.reads.length).toBe(2);
    store.reads[1]?.release();
    await Bun.sleep(1);
    expect(store.reads.length).toBe(2);
  });
});
