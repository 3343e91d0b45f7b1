import type { AvailabilityStatus, StoredProfile } from './model.ts';

const STATUS_ORDER: Readonly<Record<AvailabilityStatus, number>> = { available: 0, limited: 1, unavailable: 2 };

/** True when a profile may be shown to search engines and agents (sitemap, index, /talent/{slug}). */
export function isListed(p: Pick<StoredProfile, 'active' | 'indexable'>): boolean {
  return p.active && p.indexable;
}

/**
 * The order of talent's directory (GET /talent, MCP find_talent, the index), as the one search
 * ranks (design/reviews-search.md): the Bayesian rating from reviews first (unrated people, 0,
 * last), then bookable soonest, then slug so equal candidates keep a stable order. A free-text
 * search puts relevance before it.
 */
export function compareRanked(bayesianOf: (id: string) => number) {
  return (a: Pick<StoredProfile, '_id' | 'slug' | 'availability'>, b: Pick<StoredProfile, '_id' | 'slug' | 'availability'>): number =>
    bayesianOf(b._id) - bayesianOf(a._id) ||
    STATUS_ORDER[a.availability.status] - STATUS_ORDER[b.availability.status] ||
    (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);
}

/**
 * The cards in compareRanked's order, each card's keys read once: the comparator asks
 * `bayesianOf` (a string key and a map lookup in main.ts) twice per comparison, ~3.4M times for
 * 97,500 cards; here once per card (docs/scale.md, "Seventh pass").
 */
export function sortRanked<C extends Pick<StoredProfile, '_id' | 'slug' | 'availability'>>(cards: readonly C[], bayesianOf: (id: string) => number): C[] {
  const bayesian = new Float64Array(cards.length);
  // Float64: a status not in STATUS_ORDER (never stored) compares as NaN, falling through to the slug as in compareRanked.
  const status = new Float64Array(cards.length);
  const order: number[] = new Array(cards.length);
  for (let i = 0; i < cards.length; i++) {
    const c = cards[i] as C;
    bayesian[i] = bayesianOf(c._id);
    status[i] = STATUS_ORDER[c.availability.status];
    order[i] = i;
  }
  order.sort((a, b) => {
    const x = cards[a] as C;
    const y = cards[b] as C;
    return (
      (bayesian[b] as number) - (bayesian[a] as number) || (status[a] as number) - (status[b] as number) || (x.slug < y.slug ? -1 : x.slug > y.slug ? 1 : 0)
    );
  });
  return order.map((i) => cards[i] as C);
}

/**
 * The order of a service page's PMs (the listed figures: a preview has no call to reviews): bookable soonest first (available, then
 * limited, then unavailable), then best rated, then most reviewed (a 5.0 from two reviews should
 * not beat a 4.9 from two hundred), then slug so equal candidates keep a stable order.
 */
export function compareBookableFirst(
  a: Pick<StoredProfile, 'rating' | 'reviewCount' | 'slug' | 'availability'>,
  b: Pick<StoredProfile, 'rating' | 'reviewCount' | 'slug' | 'availability'>,
): number {
  return (
    STATUS_ORDER[a.availability.status] - STATUS_ORDER[b.availability.status] ||
    b.rating - a.rating ||
    b.reviewCount - a.reviewCount ||
    (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0)
  );
}

/**
 * Orders PMs for a service page by compareBookableFirst. Inactive profiles and other roles are
 * dropped here too, so the rule holds whatever the query returned.
 */
export function rankPmCandidates<P extends Pick<StoredProfile, 'role' | 'active' | 'rating' | 'reviewCount' | 'slug' | 'availability'>>(
  candidates: readonly P[],
  limit: number,
): P[] {
  return candidates
    .filter((p) => p.role === 'pm' && p.active)
    .sort(compareBookableFirst)
    .slice(0, Math.max(0, limit));
}

/** Sitemap order: slugs ascending by code unit, so the list is byte-stable between calls. */
export function sortSlugs(slugs: readonly string[]): string[] {
  return [...slugs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
