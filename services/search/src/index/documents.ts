import type { MarketCode, ReviewSubjectKind, SearchType } from '@tm/contracts';

/**
 * What search keeps of one service, profile or page: public fields only, read from the indexes
 * their services publish (catalog's service index, talent's talent index, content's page index).
 */
export interface SearchDocument {
  type: SearchType;
  id: string;
  slug: string;
  title: string;
  summary: string;
  url: string;
  /** Skills, industries, category: words that say what the item is about (weighted like the summary). */
  keywords: string[];
  /** Role words, kind, city, language: words that place the item (weighted lowest). */
  other: string[];
  /** Services: the markets it is offered in (a caller's X-Country keeps only those). */
  markets?: readonly MarketCode[];
  /** What reviews' ratings index names it by (services by database id, PMs by profile id): its rating's key, when it can have one. */
  rated?: { kind: ReviewSubjectKind; id: string };
  /** Pages: the language of the copy (a caller's X-Lang puts pages in it before equally relevant others). */
  lang?: string;
  availability?: 'available' | 'limited' | 'unavailable';
}

/** Whether two documents say the same: a rebuild keeps the one it holds, not the copy it just read (one copy alive, not two). */
export function sameDocument(a: SearchDocument, b: SearchDocument): boolean {
  return (
    a.type === b.type &&
    a.id === b.id &&
    a.slug === b.slug &&
    a.title === b.title &&
    a.summary === b.summary &&
    a.url === b.url &&
    a.lang === b.lang &&
    a.availability === b.availability &&
    a.rated?.kind === b.rated?.kind &&
    a.rated?.id === b.rated?.id &&
    sameList(a.keywords, b.keywords) &&
    sameList(a.other, b.other) &&
    sameList(a.markets, b.markets)
  );
}

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Field weights: title before summary before the rest (design: "title before summary"). */
export const FIELD_WEIGHTS = { title: 3, summary: 2, keywords: 2, other: 1 } as const;

/** What a role is called in words people type (the synonym table adds "pm" and the other languages). */
const ROLE_WORDS: Record<string, string> = {
  pm: 'project manager delivery',
  resource: 'resource developer engineer',
  expert: 'expert consultant advisor',
};

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** A line of catalog's GET /internal/service-index.ndjson as a search document; undefined when it lacks what a hit needs. */
export function serviceDocument(line: Record<string, unknown>): SearchDocument | undefined {
  const id = str(line._id);
  const slug = str(line.slug);
  const name = str(line.name);
  if (!id || !slug || !name) return undefined;
  const category = str(line.category) ?? '';
  return {
    type: 'service',
    id,
    slug,
    title: name,
    summary: str(line.summary) ?? '',
    url: `/services/${encodeURIComponent(slug)}`,
    keywords: [category.replaceAll('-', ' ')],
    other: [str(line.kind) ?? ''],
    markets: strings(line.markets) as MarketCode[],
    rated: { kind: 'service', id },
  };
}

/** A line of talent's GET /internal/talent-index.ndjson as a search document. */
export function talentDocument(line: Record<string, unknown>): SearchDocument | undefined {
  const slug = str(line.slug);
  const name = str(line.displayName);
  const kind = str(line.kind);
  if (!slug || !name || !kind) return undefined;
  const profileId = str(line.id);
  const availability = str(line.availability);
  return {
    type: 'talent',
    id: slug,
    slug,
    title: name,
    summary: str(line.headline) ?? '',
    url: talentUrl(kind, slug),
    keywords: [...strings(line.skills), ...strings(line.industries)],
    other: [ROLE_WORDS[kind] ?? kind, str(line.location) ?? ''],
    // Reviews rate PMs only (by profile id, on talent's index lines).
    ...(kind === 'pm' && profileId ? { rated: { kind: 'pm' as const, id: profileId } } : {}),
    ...(availability === 'available' || availability === 'limited' || availability === 'unavailable' ? { availability } : {}),
  };
}

/** A line of content's GET /internal/page-index.ndjson as a search document. */
export function pageDocument(line: Record<string, unknown>): SearchDocument | undefined {
  const id = str(line.id);
  const slug = str(line.slug);
  const title = str(line.title);
  const type = str(line.type) ?? 'page';
  if (!id || !slug || !title) return undefined;
  return {
    type: 'page',
    id,
    slug,
    title,
    summary: str(line.summary) ?? '',
    url: `/${type === 'faq' ? 'faq' : type === 'article' ? 'articles' : 'pages'}/${encodeURIComponent(slug)}`,
    keywords: [],
    other: [type, str(line.lang) ?? ''],
    ...(str(line.lang) ? { lang: str(line.lang) } : {}),
  };
}

/** The site path of a profile, as the gateway's site files give it: /pm/, /resource/ or /talent/. */
function talentUrl(kind: string, slug: string): string {
  const s = encodeURIComponent(slug);
  if (kind === 'pm') return `/pm/${s}`;
  if (kind === 'resource') return `/resource/${s}`;
  return `/talent/${s}`;
}

const AVAILABILITY_ORDER = { available: 0, limited: 1, unavailable: 3 } as const;
const TYPE_ORDER: Record<SearchType, number> = { service: 0, talent: 1, page: 2 };

/** A document's Bayesian rating from reviews' ratings index (as GET /reviews/summary gives it), 0 when unrated. */
export type BayesianOf = (doc: SearchDocument) => number;

/**
 * Order of merit among equally relevant documents: the Bayesian rating from reviews (unrated
 * after rated), then availability, then type and slug (stable). Talent's own directory orders the
 * same way (compareRanked in services/talent).
 */
export const compareMerit =
  (bayesianOf: BayesianOf) =>
  (a: SearchDocument, b: SearchDocument): number =>
    bayesianOf(b) - bayesianOf(a) ||
    (a.availability ? AVAILABILITY_ORDER[a.availability] : 2) - (b.availability ? AVAILABILITY_ORDER[b.availability] : 2) ||
    TYPE_ORDER[a.type] - TYPE_ORDER[b.type] ||
    (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);
