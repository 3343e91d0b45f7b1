import type { DocumentStore } from '@tm/shared/store';
import { type SeedMode, shouldSeed as shouldSeedStore } from '@tm/shared/store';
import type { ServiceDoc } from '../src/domain/model.ts';
import { createServiceRepository, type ServiceRepository } from '../src/domain/repository.ts';
import { seedDocuments } from './index.ts';

/**
 * Loads the seed catalog idempotently: upserts by slug keeping each stable id, so running it
 * again changes nothing, and services added by other means are left alone.
 */
export async function seedServices(
  store: DocumentStore,
  options: { onlyIfChanged?: boolean } = {},
): Promise<{ total: number; inserted: number; updated: number; skipped?: true }> {
  const repo = createServiceRepository(store);
  await repo.ensureIndexes();
  const docs = seedDocuments();
  // A restart with SEED=always on MongoDB costs one read when this seed version is already loaded.
  if (options.onlyIfChanged && (await repo.seededVersion()) === seedVersion(docs)) return { total: docs.length, inserted: 0, updated: 0, skipped: true };
  const r = await repo.upsertAll(docs);
  await repo.markSeeded(seedVersion(docs));
  return { total: docs.length, ...r };
}

/** A version of the seed data: a hash of the documents, so any change to the seed changes it. */
export function seedVersion(docs: readonly ServiceDoc[] = seedDocuments()): string {
  return Bun.hash.wyhash(JSON.stringify(docs)).toString(36);
}

/** Whether main.ts seeds at start (SEED): `auto` seeds the embedded store always and MongoDB only when it has no services. */
export function shouldSeed(mode: SeedMode, kind: DocumentStore['kind'], repo: ServiceRepository): Promise<boolean> {
  return shouldSeedStore(mode, kind, async () => (await repo.count()) === 0);
}
