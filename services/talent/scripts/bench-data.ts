/**
 * Deterministic synthetic talent profiles for bench:scale (scripts/bench-scale), in the stored shape, built
 * from small word tables so search words repeat as in a real catalog. No randomness, no clock.
 */
import { MARKET_CODES } from '@tm/contracts';
import { stableId } from '@tm/shared';
import type { DocumentStore } from '@tm/shared/store';
import { BENCH_ROLE, BENCH_TECH, BENCH_UPDATED_AT, batches, pickCyclic } from '@tm/shared/testing';
import type { StoredProfile } from '../src/profiles/model.ts';
import { createProfileRepository } from '../src/profiles/repository.ts';

const pick = pickCyclic;
const TECH = BENCH_TECH;
const ROLE = BENCH_ROLE;

const INDUSTRIES = ['fintech', 'retail', 'healthcare', 'logistics', 'insurance', 'edtech', 'media', 'travel'];
const FIRST = ['Asha', 'Omar', 'Lena', 'Jack', 'Priya', 'Youssef', 'Emily', 'Tobias', 'Chloe', 'Arjun', 'Fatima', 'Marcus'];
const LAST = ['Menon', 'Haddad', 'Becker', 'Walker', 'Iyer', 'Nasser', 'Carter', 'Neumann', 'Nguyen', 'Mehta', 'Rahman', 'Brooks'];

/** The `i`th synthetic profile, in the stored shape (with contact data the API must never show). */
export function syntheticProfile(i: number): StoredProfile {
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
    bio: `${name} has worked on ${pick(TECH, i)} and ${pick(TECH, i + 7)} for ${pick(INDUSTRIES, i)} clients.`,
    skills: [0, 5, 11].map((k) => ({ name: pick(TECH, i + k), years: 1 + ((i + k) % 12) })),
    experience: [{ company: `Company ${i % 997}`, title: pick(ROLE, i), from: '2020-01', to: null, summary: 'Shipped things.' }],
    languages: [{ code: 'en', name: 'English', proficiency: 'fluent' }],
    location: { market, city: `City ${i % 50}` },
    rating: 3.5 + (i % 16) / 10,
    reviewCount: i % 200,
    availability: { status, hoursPerWeek: status === 'unavailable' ? 0 : 20 + (i % 21), nextAvailableDate: '2026-12-01' },
    services: [],
    industries: [pick(INDUSTRIES, i), pick(INDUSTRIES, i * 3 + 2)].filter((v, k, a) => a.indexOf(v) === k),
    indexable: i % 20 !== 19,
    active: i % 40 !== 39,
    updatedAt: BENCH_UPDATED_AT,
    contact: { email: `${slug}@bench.example.com`, phone: '+91 98450 00000' },
    internalNotes: 'bench',
  };
}

/** Writes `n` synthetic profiles into `documents` as a seed run does: indexes first, then bulk inserts of 1,000. */
export async function loadSyntheticProfiles(documents: DocumentStore, n: number): Promise<void> {
  const repo = createProfileRepository(documents);
  await repo.ensureIndexes();
  for (const batch of batches(n, syntheticProfile)) await repo.insertMissing(batch);
}
