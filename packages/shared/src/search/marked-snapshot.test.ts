import { describe, expect, it, spyOn } from 'bun:test';
import { createManualClock } from '../core/clock.ts';
import { DomainError } from '../core/errors.ts';
import { createMemoryLogger } from '../core/logger.ts';
import { type ChangeMarker, createSnapshotKeeper, REBUILD_EVERY_MS, rebuildCollections } from './marked-snapshot.ts';

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

  it('when not lazy, builds nothing for a reader or a check before its owner first refreshes (the store may not be set up yet), and then as usual', async () => {
    let builds = 0;
    let total = 0;
    const keeper = createSnapshotKeeper({
      name: 'owned snapshot',
      readMarker: async () => marker(total),
      build: async (m) => {
        builds += 1;
        return { marker: m };
      },
      clock: createManualClock(0),
      maxAgeMs: 1_000,
      firstBuildWaitMs: 20,
      lazy: false,
      logger: createMemoryLogger(),
    });
    expect(await keeper.current().catch((e: unknown) => e)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await keeper.check();
    expect(builds).toBe(0);
    expect(keeper.hasSnapshot()).toBe(false);
    // The seed is in: the owner builds, and a reader waiting meanwhile gets that build.
    total = 33;
    const reader = keeper.current();
    await keeper.refresh();
    expect((await reader).marker.total).toBe(33);
    expect(builds).toBe(1);
    total = 34;
    await keeper.check();
    expect(builds).toBe(2);
  });

  it('answers a reader SERVICE_UNAVAILABLE (retry shortly) once it waited firstBuildWaitMs for a slow first build, which goes on and serves the next reader', async () => {
    const { promise: released, resolve: release } = Promise.withResolvers<void>();
    let builds = 0;
    const keeper = createSnapshotKeeper({
      name: 'slow snapshot',
      readMarker: async () => marker(1),
      build: async (m) => {
        builds += 1;
        await released;
        return { marker: m };
      },
      clock: createManualClock(0),
      maxAgeMs: 1_000,
      firstBuildWaitMs: 20,
      logger: createMemoryLogger(),
    });
    const err = await keeper.current().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfterS: 2 });
    expect(keeper.hasSnapshot()).toBe(false);
    const next = keeper.current();
    release();
    expect((await next).marker.total).toBe(1);
    expect(builds).toBe(1);
    expect(keeper.hasSnapshot()).toBe(true);
  });

  it('with collectAfterFirstBuild, runs one full collection after the first build (before it serves) and none after a rebuild', async () => {
    const gc = spyOn(Bun, 'gc').mockImplementation(() => {});
    try {
      let total = 1;
      const keeper = createSnapshotKeeper({
        name: 'collected snapshot',
        readMarker: async () => marker(total),
        build: async (m) => ({ marker: m }),
        clock: createManualClock(0),
        maxAgeMs: 1_000,
        collectAfterFirstBuild: true,
        logger: createMemoryLogger(),
      });
      await keeper.refresh();
      expect(gc).toHaveBeenCalledTimes(1);
      expect(gc).toHaveBeenCalledWith(true);
      total = 2;
      await keeper.check();
      expect((await keeper.current()).marker.total).toBe(2);
      expect(gc).toHaveBeenCalledTimes(1);
    } finally {
      gc.mockRestore();
    }
  });

  it('with collectAroundRebuilds, collects before each rebuild (not the first build) and a turn after the new snapshot serves', async () => {
    const events: string[] = [];
    const before = spyOn(rebuildCollections, 'before').mockImplementation(() => void events.push('collect before'));
    const after = spyOn(rebuildCollections, 'after').mockImplementation(() => void events.push('collect after'));
    try {
      let total = 1;
      const keeper = createSnapshotKeeper({
        name: 'rebuilt snapshot',
        readMarker: async () => marker(total),
        build: async (m, previous) => {
          events.push(`build ${m.total} over ${previous?.marker.total ?? 'nothing'}`);
          return { marker: m };
        },
        clock: createManualClock(0),
        maxAgeMs: 1_000,
        collectAroundRebuilds: true,
        logger: createMemoryLogger(),
      });
      await keeper.refresh();
      await new Promise((resolve) => setImmediate(resolve));
      expect(events).toEqual(['build 1 over nothing']);
      total = 2;
      await keeper.check();
      expect(events).toEqual(['build 1 over nothing', 'collect before', 'build 2 over 1']);
      expect((await keeper.current()).marker.total).toBe(2);
      await new Promise((resolve) => setImmediate(resolve));
      expect(events).toEqual(['build 1 over nothing', 'collect before', 'build 2 over 1', 'collect after']);
    } finally {
      before.mockRestore();
      after.mockRestore();
    }
  });

  it('reads a newest updatedAt stored as a Date (a hand-written document) by its instant: the same instant read again is no change', async () => {
    const at = Date.parse('2026-11-26T10:00:00.000Z');
    const dated = (ms: number) => ({ total: 3, active: 3, latest: new Date(ms) as unknown as string });
    const { keeper, move, builds, clock } = keeperOver(dated(at));
    await keeper.current();
    move(dated(at)); // a new Date object, the same instant, as every read of the store returns
    clock.advance(2_000);
    await keeper.check();
    expect(builds()).toBe(1);
    move(dated(at + 1));
    await keeper.check();
    expect(builds()).toBe(2);
  });

  it('without collectAroundRebuilds, a rebuild runs no collection of its own', async () => {
    const before = spyOn(rebuildCollections, 'before').mockImplementation(() => {});
    const after = spyOn(rebuildCollections, 'after').mockImplementation(() => {});
    try {
      const { keeper, move } = keeperOver(marker(1));
      await keeper.current();
      move(marker(2));
      await keeper.check();
      await new Promise((resolve) => setImmediate(resolve));
      expect((await keeper.current()).marker.total).toBe(2);
      expect(before).not.toHaveBeenCalled();
      expect(after).not.toHaveBeenCalled();
    } finally {
      before.mockRestore();
      after.mockRestore();
    }
  });
});
