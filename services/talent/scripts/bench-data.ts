/**
 * Deterministic synthetic talent profiles for bench:scale (scripts/bench-scale), in the stored
 * shape: names, headlines, skills and industries from small word tables, so search words repeat as
 * in real data, and the bio, experience and languages from a seed profile's, with synthetic
 * services the catalog's bench data holds, so a profile is the size of the seed's
 * (bench-data.test.ts). No randomness, no clock.
 */
import { MARKET_CODES, type TalentIndexEntry } from '@tm/contracts';
import { stableId } from '@tm/shared';
import { buildReleaser } from '@tm/shared/search';
import type { DocumentStore } from '@tm/shared/store';
import { BENCH_ROLE, BENCH_TECH, BENCH_UPDATED_AT, batches, benchServiceSlug, pickCyclic } from '@tm/shared/testing';
import type { StoredProfile } from '../src/profiles/model.ts';
import { createProfileRepository } from '../src/profiles/repository.ts';
import { loadSeedProfiles } from '../src/profiles/seed.ts';
import { toTalentIndexEntry } from '../src/profiles/view.ts';

/** How far the load lets the heap grow past its last full collection (buildReleaser): a full collection costs about as much at a tenth of the heap, so fewer of them. */
const LOAD_HEAP_GROWTH = 2;

const pick = pickCyclic;
const TECH = BENCH_TECH;
const ROLE = BENCH_ROLE;

const INDUSTRIES = ['fintech', 'retail', 'healthcare', 'logistics', 'insurance', 'edtech', 'media', 'travel'];
const FIRST = ['Asha', 'Omar', 'Lena', 'Jack', 'Priya', 'Youssef', 'Emily', 'Tobias', 'Chloe', 'Arjun', 'Fatima', 'Marcus'];
const LAST = ['Menon', 'Haddad', 'Becker', 'Walker', 'Iyer', 'Nasser', 'Carter', 'Neumann', 'Nguyen', 'Mehta', 'Rahman', 'Brooks'];
const SEED = loadSeedProfiles(Date.parse(BENCH_UPDATED_AT));

/**
 * The `i`th synthetic profile of `n`, in the stored shape (with contact data the API must never
 * show); it delivers 2 to 11 of the `n` synthetic services, as seed profiles do.
 */
export function syntheticProfile(i: number, n = i + 1): StoredProfile {
  const source = pick(SEED, i * 7);
  const first = source.displayName.split(' ')[0] as string;
  const role = (['pm', 'resource', 'expert'] as const)[i % 3] as StoredProfile['role'];
  const name = `${pick(FIRST, i)} ${pick(LAST, Math.floor(i / FIRST.length))}`;
  const slug = `${name.toLowerCase().replace(' ', '-')}-${i}`;
  const market = pick(MARKET_CODES, i);
  const status = (['available', 'limited', 'unavailable'] as const)[i % 3] as StoredProfile['availability']['status'];
  return {
    _id: stableId('bench-talent', slug),
    slug,
    role,
    displayName: name,
    headline: `${role === 'pm' ? 'Delivery lead' : `${pick(TECH, i)} ${pick(ROLE, i)}`} · ${4 + (i % 15)} years`,
    bio: source.bio.replaceAll(first, pick(FIRST, i)),
    skills: [0, 5, 11, 17].map((k) => ({ name: pick(TECH, i + k), years: 1 + ((i + k) % 12) })),
    experience: source.experience,
    languages: source.languages,
    location: { market, city: `City ${i % 50}` },
    rating: 3.5 + (i % 16) / 10,
    reviewCount: i % 200,
    availability: { status, hoursPerWeek: status === 'unavailable' ? 0 : 20 + (i % 21), nextAvailableDate: '2026-12-01' },
    services: Array.from({ length: 2 + (i % 10) }, (_, k) => benchServiceSlug((i * 37 + k * 7_919) % n)).filter((v, k, a) => a.indexOf(v) === k),
    industries: [pick(INDUSTRIES, i), pick(INDUSTRIES, i * 3 + 2)].filter((v, k, a) => a.indexOf(v) === k),
    indexable: i % 20 !== 19,
    active: i % 40 !== 39,
    updatedAt: BENCH_UPDATED_AT,
    contact: { email: `${slug}@bench.example.com`, phone: '+91 98450 00000' },
    internalNotes: source.internalNotes,
  };
}

/** The `i`th synthetic profile of `n` as GET /internal/talent-index.ndjson lists it (search's bench reads these), or undefined when not listed (inactive, not indexable). */
export function syntheticTalentIndexLine(i: number, n: number): TalentIndexEntry | undefined {
  const profile = syntheticProfile(i, n);
  return profile.active && profile.indexable ? toTalentIndexEntry(profile) : undefined;
}

/** Writes `n` synthetic profiles into `documents` as a seed run does: indexes first, then bulk inserts of 1,000. */
export async function loadSyntheticProfiles(documents: DocumentStore, n: number): Promise<void> {
  const repo = createProfileRepository(documents);
  await repo.ensureIndexes();
  // The old generation's garbage (each batch and its copies outlive the store's eden collection)
  // is collected as the load goes, not at twice the live heap: the load would otherwise be the
  // process's peak (docs/scale.md, issue 26).
  const release = buildReleaser(LOAD_HEAP_GROWTH);
  for (const batch of batches(n, (i) => syntheticProfile(i, n))) {
    await repo.insertMissing(batch);
    await release();
  }
}
