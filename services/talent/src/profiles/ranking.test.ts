import { describe, expect, it } from 'bun:test';
import type { AvailabilityStatus, TalentRole } from './model.ts';
import { compareRanked, isListed, rankPmCandidates, sortRanked, sortSlugs } from './ranking.ts';

function pm(slug: string, status: AvailabilityStatus, rating: number, reviewCount = 10, extra: { role?: TalentRole; active?: boolean } = {}) {
  return {
    slug,
    role: extra.role ?? 'pm',
    active: extra.active ?? true,
    rating,
    reviewCount,
    availability: { status, hoursPerWeek: 20, nextAvailableDate: '2026-12-01' },
  };
}

describe('rankPmCandidates', () => {
  it('puts available PMs before limited before unavailable, whatever their rating', () => {
    const ranked = rankPmCandidates([pm('u', 'unavailable', 5), pm('l', 'limited', 4.9), pm('a', 'available', 3.1)], 10);
    expect(ranked.map((p) => p.slug)).toEqual(['a', 'l', 'u']);
  });

  it('orders by rating within the same availability, then by review count, then by slug', () => {
    const ranked = rankPmCandidates(
      [pm('c', 'available', 4.5, 10), pm('b', 'available', 4.8, 3), pm('a', 'available', 4.8, 50), pm('d', 'available', 4.5, 10)],
      10,
    );
    expect(ranked.map((p) => p.slug)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('returns at most `limit` PMs', () => {
    const ranked = rankPmCandidates([pm('a', 'available', 4), pm('b', 'available', 3), pm('c', 'available', 2)], 2);
    expect(ranked.map((p) => p.slug)).toEqual(['a', 'b']);
  });

  it('drops inactive profiles and other roles', () => {
    const ranked = rankPmCandidates([pm('x', 'available', 5, 1, { active: false }), pm('y', 'available', 5, 1, { role: 'expert' }), pm('z', 'limited', 1)], 5);
    expect(ranked.map((p) => p.slug)).toEqual(['z']);
  });

  it('does not reorder the caller’s array', () => {
    const input = [pm('b', 'limited', 4), pm('a', 'available', 4)];
    rankPmCandidates(input, 5);
    expect(input.map((p) => p.slug)).toEqual(['b', 'a']);
  });
});

describe('listing rules', () => {
  it('lists only profiles that are both active and indexable', () => {
    expect(isListed({ active: true, indexable: true })).toBe(true);
    expect(isListed({ active: true, indexable: false })).toBe(false);
    expect(isListed({ active: false, indexable: true })).toBe(false);
  });

  it('sorts slugs by code unit, independent of locale', () => {
    expect(sortSlugs(['b-2', 'a-10', 'a-1', 'a'])).toEqual(['a', 'a-1', 'a-10', 'b-2']);
  });
});

describe('sortRanked', () => {
  it('gives compareRanked’s order (Bayesian rating, bookable first, slug), asking each id’s rating once', () => {
    const statuses: AvailabilityStatus[] = ['available', 'limited', 'unavailable'];
    // 300 cards, slugs out of order, many ties on rating and status, some rated.
    const cards = Array.from({ length: 300 }, (_, i) => ({
      _id: `id-${i}`,
      slug: `p-${(i * 7919) % 300}`,
      availability: { status: statuses[(i * 5) % 3] as AvailabilityStatus, hoursPerWeek: 20, nextAvailableDate: '2026-12-01' },
    }));
    const bayesian = (id: string) => (Number(id.slice(3)) % 4) * 1.5;
    const asked = new Map<string, number>();
    const counted = (id: string) => {
      asked.set(id, (asked.get(id) ?? 0) + 1);
      return bayesian(id);
    };
    const sorted = sortRanked(cards, counted);
    expect(sorted.map((c) => c.slug)).toEqual([...cards].sort(compareRanked(bayesian)).map((c) => c.slug));
    expect(asked.size).toBe(300);
    expect(Math.max(...asked.values())).toBe(1);
    expect(cards[0]?.slug).toBe('p-0');
  });
});
