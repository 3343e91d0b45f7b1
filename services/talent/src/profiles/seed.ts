import { getSchemaValidator } from 'elysia';
import seedFile from '../../seed/profiles.json' with { type: 'json' };
import { type StoredProfile, StoredProfileSchema } from './model.ts';
import type { ProfileRepository } from './repository.ts';

const checkStored = getSchemaValidator(StoredProfileSchema);

/**
 * The seed profiles, checked against the stored schema on load so a hand edit of the JSON that
 * breaks the shape fails at start (and in tests) instead of surfacing as a 500 later.
 */
export function loadSeedProfiles(): StoredProfile[] {
  const list = seedFile as unknown[];
  for (const [i, p] of list.entries()) {
    if (!checkStored.Check(p)) {
      const first = [...checkStored.Errors(p)][0];
      throw new Error(`seed/profiles.json entry ${i}: ${first?.path ?? ''} ${first?.message ?? 'invalid'}`);
    }
  }
  return structuredClone(list) as StoredProfile[];
}

/** Creates the indexes and, when asked, inserts the seed profiles that are missing; safe to run on every start. */
export async function prepareProfileStore(repo: ProfileRepository, options: { seed: boolean }): Promise<{ seeded: number }> {
  await repo.ensureIndexes();
  const seeded = options.seed ? await repo.insertMissing(loadSeedProfiles()) : 0;
  return { seeded };
}
