import type { DocumentStore } from '@tm/shared';
import type { ServiceDoc } from '../src/services/model.ts';
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
  await repo.markSeeded(seedVersion(docs));
  return { total: docs.length, ...r };
}

/** A version of the seed data: a hash of the documents, so any change to the seed changes it. */
export function seedVersion(docs: readonly ServiceDoc[] = seedDocuments()): string {
  return Bun.hash.wyhash(JSON.stringify(docs)).toString(36);
}

/**
 * Whether main.ts seeds at start: `auto` seeds the embedded store always, and MongoDB while it has
 * no services or holds an older seed version than this build's (the marker the last seed left), so
 * restarts never rewrite what was edited since, and a new seed release still arrives.
 */
export async function shouldSeed(mode: 'auto' | 'always' | 'never', kind: DocumentStore['kind'], repo: ServiceRepository): Promise<boolean> {
  if (mode !== 'auto') return mode === 'always';
  return kind === 'embedded' || (await repo.count()) === 0 || (await repo.seededVersion()) !== seedVersion();
}
