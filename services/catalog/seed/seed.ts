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

/** Whether main.ts seeds at start: `auto` seeds the embedded store always and MongoDB only when it has no services. */
export async function shouldSeed(mode: 'auto' | 'always' | 'never', kind: DocumentStore['kind'], repo: ServiceRepository): Promise<boolean> {
  if (mode !== 'auto') return mode === 'always';
  return kind === 'embedded' || (await repo.count()) === 0;
}
