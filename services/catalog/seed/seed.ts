import { type SeedMode, shouldSeed as shouldSeedStore } from '@tm/shared';
import type { DocumentStore } from '@tm/shared/store';
import { createServiceRepository, type ServiceRepository } from '../src/services/repository.ts';
import { seedDocuments } from './index.ts';

/**
 * Loads the seed catalog idempotently: upserts by slug keeping each stable id, so running it
 * again changes nothing, and services added by other means are left alone.
 */
export async function seedServices(store: DocumentStore): Promise<{ total: number; inserted: number; updated: number }> {
  const repo = createServiceRepository(store);
  await repo.ensureIndexes();
  const docs = seedDocuments();
  const r = await repo.upsertAll(docs);
  return { total: docs.length, ...r };
}

/** Whether main.ts seeds at start (SEED): `auto` seeds the embedded store always and MongoDB only when it has no services. */
export function shouldSeed(mode: SeedMode, kind: DocumentStore['kind'], repo: ServiceRepository): Promise<boolean> {
  return shouldSeedStore(mode, kind, async () => (await repo.count()) === 0);
}
