import { describe, expect, it } from 'bun:test';
import { queryWords, searchWords } from '@tm/shared/search';
import { DirectorySnapshot, type TalentSearch } from './directory-snapshot.ts';
import type { ProfileCard } from './repository.ts';

const TECH = ['React', 'TypeScript', 'Kubernetes', 'Python', 'Django', 'Go', 'Figma', 'Kafka'];
const INDUSTRIES = ['fintech', 'retail', 'healthcare', 'logistics', 'insurance'];
const ROLES = ['pm', 'resource', 'expert'] as const;
const STATUSES = ['available', 'limited', 'unavailable'] as const;
const CITIES = ['Pune', 'Berlin', 'Dubai', 'Mumbai', 'Munich', 'Riyadh', 'Delhi', 'Hamburg', 'Jeddah'];
const STATUS_RANK = { available: 0, limited: 1, unavailable: 2 };

/** The `i`th of a varied set of cards: ratings and review counts repeat, so every tie-break is used. */
function card(i: number): ProfileCard {
  const status = STATUSES[Math.floor(i / 3) % 3] as ProfileCard['availability']['status'];
  return {
    _id: `id-${i}`,
    slug: `person-${String((i * 37) % 1000).padStart(3, '0')}-${i}`,
    role: ROLES[i % 3] as ProfileCard['role'],
    displayName: `Person ${i % 50}`,
    headline: `${TECH[i % TECH.length]} lead`,
    skills: [TECH[i % 8], TECH[(i + 1) % 8], TECH[(i * 3) % 8]].map((name, k) => ({ name: name as string, years: 1 + k })),
    location: { market: 'IN', city: CITIES[i % 9] as string },
    rating: 4 + (i % 4) / 4,
    reviewCount: i % 5,
    availability: { status, hoursPerWeek: status === 'unavailable' ? 0 : 20, nextAvailableDate: '2026-12-01' },
    // Catalog slugs (their parts are their words) and, never stored but handled, a text that is not a slug.
    services: i % 4 === 0 ? ['react-frontend'] : i % 8 === 1 ? ['Data Büro'] : [],
    industries: i % 6 === 5 ? [] : [INDUSTRIES[i % 5] as string, INDUSTRIES[(i + 2) % 5] as string],
    indexable: i % 11 !== 10,
    updatedAt: '2026-11-01T00:00:00.000Z',
  };
}

const cards = Array.from({ length: 1_200 }, (_, i) => card(i));
const listed = cards.filter((c) => c.indexable);
/** Reviews' Bayesian rating of some people (0: unrated), repeating so the availability and slug tie-breaks are used. */
const bayesianOf = (id: string) => {
  const i = Number(id.slice(3));
  return i % 4 === 0 ? 3.5 + (i % 3) / 2 : 0;
};
const snapshot = await DirectorySnapshot.build({ total: cards.length, active: cards.length, latest: null }, [cards], undefined, bayesianOf);

/** Every query word begins a word of the texts; a filter with no words matches nobody. */
function hasEveryWord(texts: string[], wordsAsked: string[]): boolean {
  const words = texts.flatMap((t) => searchWords(t));
  return wordsAsked.length > 0 && wordsAsked.every((q) => words.some((w) => w.startsWith(q)));
}

/** The search rules written out plainly: filter every listed card, then sort by relevance (free text only), reviews' Bayesian rating, availability, slug. */
function expected(q: TalentSearch): string[] {
  const roleWords = { pm: 'pm project manager delivery', resource: 'resource developer engineer', expert: 'expert consultant advisor' };
  return listed
    .filter((c) => {
      const skills = c.skills.map((s) => s.name);
      const industries = c.industries ?? [];
      const text = [c.displayName, c.headline, ...skills, ...industries, roleWords[c.role], c.location.city, ...c.services];
      if (q.role && c.role !== q.role) return false;
      if (q.available !== undefined && (c.availability.status !== 'unavailable') !== q.available) return false;
      if (q.search !== undefined && !hasEveryWord(text, queryWords(q.search))) return false;
      if (
        q.skills &&
        !hasEveryWord(
          skills,
          q.skills.flatMap((s) => queryWords(s)),
        )
      )
        return false;
      if (q.industry !== undefined && !hasEveryWord(industries, queryWords(q.industry))) return false;
      return true;
    })
    .sort(
      (a, b) =>
        relevance(b, q.search) - relevance(a, q.search) ||
        bayesianOf(b._id) - bayesianOf(a._id) ||
        STATUS_RANK[a.availability.status] - STATUS_RANK[b.availability.status] ||
        (a.slug < b.slug ? -1 : 1),
    )
    .map((c) => c._id);
}

/**
 * A free-text search ranks by relevance first (the one search's matching): per query word, the
 * best field it begins a word of (name and headline 3, skills and industries 2, the rest 1), the
 * word itself counting fully and a longer word 0.8. These queries have no stop words, synonyms or typos.
 */
function relevance(c: ProfileCard, search: string | undefined): number {
  if (search === undefined) return 0;
  const roleWords = { pm: 'pm project manager delivery', resource: 'resource developer engineer', expert: 'expert consultant advisor' };
  const fields: [string[], number][] = [
    [[c.displayName, c.headline], 3],
    [c.skills.map((s) => s.name), 2],
    [c.industries ?? [], 2],
    [[c.displayName, c.headline, ...c.skills.map((s) => s.name), ...(c.industries ?? []), roleWords[c.role], c.location.city, ...c.services], 1],
  ];
  let total = 0;
  for (const q of queryWords(search)) {
    let best = 0;
    for (const [texts, weight] of fields) {
      for (const w of texts.flatMap((t) => searchWords(t))) {
        if (w === q) best = Math.max(best, weight);
        else if (w.startsWith(q)) best = Math.max(best, weight * 0.8);
      }
    }
    total += best;
  }
  return total;
}

describe('DirectorySnapshot.page', () => {
  const queries: TalentSearch[] = [
    {},
    { role: 'resource' },
    { available: false },
    { role: 'pm', industry: 'fintech' },
    { search: 'react' },
    { search: 'kube lead', available: true },
    { search: 'developer mu' },
    { role: 'resource', available: true, skills: ['React', 'type'], industry: 'fin' },
    { role: 'expert', available: false, skills: ['Python'], industry: 'health', search: 'person' },
    { skills: ['go'] },
    { industry: 'retail insurance' },
    { search: 'frontend' },
    { search: 'buro', role: 'resource' },
  ];

  for (const q of queries) {
    it(`answers ${JSON.stringify(q)} with the matching people in search order and their total`, () => {
      const all = expected(q);
      expect(all.length).toBeGreaterThan(0);
      const { ids, total } = snapshot.page(q, 0, all.length + 10);
      expect(ids).toEqual(all);
      expect(total).toBe(all.length);
    });
  }

  it('pages deep into an answer with neither gaps nor repeats, the total the same on every page', () => {
    const q: TalentSearch = { role: 'resource', available: true, industry: 'fintech' };
    const all = expected(q);
    const seen: string[] = [];
    for (let skip = 0; skip < all.length + 7; skip += 7) {
      const { ids, total } = snapshot.page(q, skip, 7);
      expect(total).toBe(all.length);
      seen.push(...ids);
    }
    expect(seen).toEqual(all);
  });

  it('pages the whole directory when no filter is given, and answers past the end with no ids', () => {
    const all = expected({});
    expect(snapshot.page({}, 500, 20).ids).toEqual(all.slice(500, 520));
    expect(snapshot.page({}, all.length, 20)).toEqual({ ids: [], total: listed.length });
    expect(snapshot.page({ role: 'pm', skills: ['react'] }, 10_000, 20).ids).toEqual([]);
  });

  it('matches nobody when a text filter has no words, whatever the other filters', () => {
    for (const q of [{ search: '.*' }, { role: 'pm', skills: ['-'] }, { available: true, industry: '()' }] as TalentSearch[]) {
      expect(snapshot.page(q, 0, 20)).toEqual({ ids: [], total: 0 });
    }
  });

  it('matches nobody when the filters each match people but never the same ones', () => {
    // Berlin is every 9th card from the second, a PM every 3rd from the first.
    expect(expected({ search: 'berlin' }).length).toBeGreaterThan(0);
    expect(snapshot.page({ role: 'pm', search: 'berlin' }, 0, 20)).toEqual({ ids: [], total: 0 });
  });
});

describe('DirectorySnapshot.index', () => {
  it('shares one ETag pass among concurrent first requests, per format', async () => {
    // The pending pass is kept: a second request before it ends gets the same promise, not a second pass.
    const pending = snapshot.index('ndjson');
    expect(snapshot.index('ndjson')).toBe(pending);
    const [a, b] = await Promise.all([pending, snapshot.index('ndjson')]);
    expect(b).toBe(a);
    expect(await snapshot.index('json')).not.toBe(a);
  });
});

describe('DirectorySnapshot.build', () => {
  it('keeps, in a rebuild, every card the directory it replaces holds unchanged (one copy of the cards while both live), and takes a changed one as read', async () => {
    const bySlug = [...cards].sort((a, b) => (a.slug < b.slug ? -1 : 1));
    const old = await DirectorySnapshot.build({ total: cards.length, active: cards.length, latest: null }, [bySlug]);
    const [first, second] = bySlug.filter((c) => c.indexable) as [ProfileCard, ProfileCard];
    // The store hands out new copies each read: equal cards, other objects.
    const read = bySlug.map((c) => (c.slug === second.slug ? { ...structuredClone(c), headline: 'Changed' } : structuredClone(c)));
    const batches = [read.slice(0, 500), read.slice(500)];
    const rebuilt = await DirectorySnapshot.build({ total: cards.length, active: cards.length, latest: 'x' }, batches, old, bayesianOf);
    expect(rebuilt.card(first.slug)).toBe(old.card(first.slug) as ProfileCard);
    expect(rebuilt.card(second.slug)).not.toBe(old.card(second.slug) as ProfileCard);
    expect(rebuilt.card(second.slug)?.headline).toBe('Changed');
    expect(rebuilt.page({}, 0, 10_000)).toEqual(snapshot.page({}, 0, 10_000));
  });
});
