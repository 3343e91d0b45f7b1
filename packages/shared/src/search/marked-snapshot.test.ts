import { describe, expect, it } from 'bun:test';
import { createManualClock } from '../core/clock.ts';
import { createMemoryLogger } from '../core/logger.ts';
import { type ChangeMarker, createSnapshotKeeper, REBUILD_EVERY_MS } from './marked-snapshot.ts';

function keeperOver(initial: ChangeMarker) {
  const clock = createManualClock(0);
  let marker = initial;
  let builds = 0;
  let failBuild = false;
  const keeper = createSnapshotKeeper({
    name: 'test snapshot',
    readMarker: async () => marker,
    build: async (m) => {
      if (failBuild) throw new Error('store away');
      builds += 1;
      return { marker: m, build: builds };
    },
    clock,
    maxAgeMs: 1_000,
    logger: createMemoryLogger(),
  });
  return {
    keeper,
    clock,
    builds: () => builds,
    move: (m: ChangeMarker) => {
      marker = m;
    },
    fail: (on: boolean) => {
      failBuild = on;
    },
  };
}

const marker = (total: number): ChangeMarker => ({ total, active: total, latest: '2026-11-01T00:00:00.000Z' });

describe('createSnapshotKeeper', () => {
  it('builds once for concurrent first readers', async () => {
    const t = keeperOver(marker(1));
    const all = await Promise.all(Array.from({ length: 10 }, () => t.keeper.current()));
    expect(new Set(all.map((s) => s.build))).toEqual(new Set([1]));
    expect(t.builds()).toBe(1);
  });

  it('rebuilds only when the marker moved', async () => {
    const t = keeperOver(marker(1));
    await t.keeper.current();
    t.clock.advance(5_000);
    await t.keeper.check();
    expect(t.builds()).toBe(1);
    t.move(marker(2));
    await t.keeper.check();
    expect(t.builds()).toBe(2);
    expect((await t.keeper.current()).marker.total).toBe(2);
  });

  it('rebuilds once the snapshot is rebuildEveryMs old even when the marker never moved (an edit made by hand without updatedAt)', async () => {
    const t = keeperOver(marker(1));
    await t.keeper.current();
    t.clock.advance(REBUILD_EVERY_MS - 1);
    await t.keeper.check();
    expect(t.builds()).toBe(1);
    t.clock.advance(1);
    await t.keeper.check();
    expect(t.builds()).toBe(2);
    t.clock.advance(5_000);
    await t.keeper.check();
    expect(t.builds()).toBe(2);
  });

  it('keeps the last good snapshot when a rebuild fails', async () => {
    const t = keeperOver(marker(1));
    await t.keeper.current();
    t.move(marker(2));
    t.fail(true);
    await t.keeper.check();
    expect((await t.keeper.current()).build).toBe(1);
    expect(t.keeper.hasSnapshot()).toBe(true);
  });
});
