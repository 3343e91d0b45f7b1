import { describe, expect, it } from 'bun:test';
import { createManualClock, silentLogger } from '@tm/shared';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { seedDocuments } from '../../seed/index.ts';
import type { ServiceDoc } from './model.ts';
import { createServiceReadModel } from './read-model.ts';
import { createServiceRepository, type ServiceRepository } from './repository.ts';

async function setup() {
  const store = createEmbeddedDocumentStore();
  const repo = createServiceRepository(store);
  await repo.upsertAll(seedDocuments());
  const clock = createManualClock();
  let loads = 0;
  const counting: ServiceRepository = { ...repo, activeSummaries: () => (loads++, repo.activeSummaries()) };
  const model = createServiceReadModel({ repo: counting, clock, maxAgeMs: 5_000, logger: silentLogger });
  return { store, repo, clock, model, loads: () => loads };
}

describe('service read model', () => {
  it('loads once and serves lookups by id or slug from memory', async () => {
    const { model, loads } = await setup();
    expect(await model.size()).toBe(33);
    const bySlug = await model.find('react-developer');
    expect(await model.find(bySlug?._id as string)).toEqual(bySlug);
    expect(await model.find('nope')).toBeUndefined();
    expect(loads()).toBe(1);
  });

  it('keeps serving the snapshot while it is fresh', async () => {
    const { store, model, clock } = await setup();
    await model.size();
    await store.collection<ServiceDoc>('services').updateOne({ slug: 'react-developer' }, { $set: { active: false } });
    clock.advance(4_000);
    expect(await model.find('react-developer')).toBeDefined();
  });

  it('reloads in the background once older than its max age', async () => {
    const { store, model, clock, loads } = await setup();
    await model.size();
    await store.collection<ServiceDoc>('services').updateOne({ slug: 'react-developer' }, { $set: { active: false } });
    clock.advance(5_001);
    await model.size(); // stale answer, triggers the reload
    await model.refresh();
    expect(await model.find('react-developer')).toBeUndefined();
    expect(loads()).toBeGreaterThanOrEqual(2);
  });

  it('keeps the last good snapshot when a reload fails, even halfway through its read', async () => {
    const { repo, clock } = await setup();
    let fail = false;
    const flaky: ServiceRepository = {
      ...repo,
      activeSummaries: () =>
        fail
          ? (async function* () {
              // A first batch arrives, then the store goes away: no partial snapshot may be served.
              for await (const batch of repo.activeSummaries()) yield batch.slice(0, 5);
              throw new Error('store down');
            })()
          : repo.activeSummaries(),
    };
    const model = createServiceReadModel({ repo: flaky, clock, maxAgeMs: 1_000, logger: silentLogger });
    expect(await model.size()).toBe(33);
    fail = true;
    clock.advance(2_000);
    expect(await model.size()).toBe(33);
    await expect(model.refresh()).rejects.toThrow('store down');
    expect(await model.size()).toBe(33);
  });
});
