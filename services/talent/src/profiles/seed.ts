import { validatorOf } from '@tm/shared/http';
import seedFile from '../../seed/profiles.json' with { type: 'json' };
import { type StoredProfile, StoredProfileSchema } from './model.ts';
import type { ProfileRepository } from './repository.ts';

const checkStored = validatorOf(StoredProfileSchema);

/**
 * The seed profiles, checked against the stored schema on load so a hand edit of the JSON that
 * breaks the shape fails at start (and in tests) instead of surfacing as a 500 later.
 */
export function loadSeedProfiles(now: number = Date.now()): StoredProfile[] {
  const list = seedFile as unknown[];
  for (const [i, p] of list.entries()) {
    if (!checkStored.Check(p)) {
      const first = [...checkStored.Errors(p)][0];
      throw new Error(`seed/profiles.json entry ${i}: ${first?.path ?? ''} ${first?.message ?? 'invalid'}`);
    }
  }
  return (structuredClone(list) as StoredProfile[]).map((p) => withDatesFrom(p, now));
}

/** The day the seed file's availability dates count from (scripts/generate-seed.ts SEED_DAY). */
export const SEED_REFERENCE_DAY = Date.UTC(2026, 10, 20);
const DAY_MS = 86_400_000;

/**
 * The seed's availability dates moved forward by the days since the file's reference day, so a
 * seed loaded any day says "next available in 3 days", never a date in the past.
 */
function withDatesFrom(p: StoredProfile, now: number): StoredProfile {
  const shift = Math.max(0, Math.floor((now - SEED_REFERENCE_DAY) / DAY_MS));
  if (shift === 0) return p;
  const next = new Date(Date.parse(`${p.availability.nextAvailableDate}T00:00:00Z`) + shift * DAY_MS).toISOString().slice(0, 10);
  return { ...p, availability: { ...p.availability, nextAvailableDate: next } };
}

/** A version of the seed as loaded today (the dates move daily, so the version does too). */
export function seedVersion(profiles: readonly StoredProfile[]): string {
  return Bun.hash.wyhash(JSON.stringify(profiles)).toString(36);
}

/**
 * Creates the indexes and, when asked, inserts the seed profiles that are missing (bulk writes);
 * safe to run on every start. `onlyIfChanged` skips even that when the store's seed marker
 * already names this seed version (a restart then costs one read).
 */
export async function prepareProfileStore(
  repo: ProfileRepository,
  options: { seed: boolean; onlyIfChanged?: boolean; now?: number },
): Promise<{ seeded: number }> {
  await repo.ensureIndexes();
  if (!options.seed) return { seeded: 0 };
  const profiles = loadSeedProfiles(options.now);
  const version = seedVersion(profiles);
  if (options.onlyIfChanged && (await repo.seededVersion()) === version) return { seeded: 0 };
  const seeded = await repo.insertMissing(profiles);
  await repo.markSeeded(version);
  return { seeded };
}
