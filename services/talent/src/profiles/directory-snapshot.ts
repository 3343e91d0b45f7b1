import type { ChangeMarker } from '@tm/shared/search';
import {
  buildReleaser,
  eachBatchReleased,
  inChunks,
  intersectSorted,
  ordinalsWithEveryWord,
  type PrebuiltAnswer,
  parseQuery,
  prebuild,
  QueryMatcher,
  queryWords,
  type StreamedAnswer,
  searchWords,
  streamed,
  type TokenIndex,
  TokenIndexBuilder,
  topRanked,
  type WholeListAnswer,
  yieldToRequests,
} from '@tm/shared/search';
import type { TalentRole } from './model.ts';
import { isListed, sortRanked, sortSlugs } from './ranking.ts';
import type { ProfileCard } from './repository.ts';
import { toTalentIndexEntry } from './view.ts';

/** A talent search as GET /talent and the MCP tool ask it. */
export interface TalentSearch {
  search?: string;
  role?: TalentRole;
  /** Skill names; every word of each must begin a word of one of the person's skills. */
  skills?: string[];
  industry?: string;
  /** true: bookable now or soon (available, limited); false: unavailable. */
  available?: boolean;
}

const ROLE_WORDS: Record<TalentRole, string> = {
  pm: 'pm project manager delivery',
  resource: 'resource developer engineer',
  expert: 'expert consultant advisor',
};
const CHUNK = 2_000;
/**
 * How far the first build lets the heap grow past its last full collection (buildReleaser; a
 * rebuild keeps the default). The first build keeps every card it reads, so a full collection
 * while reading frees little and walks all of them: at 1.25, ~2.3 s of collections in a 100k
 * build's profile (docs/scale.md, "Seventh pass").
 */
const FIRST_BUILD_HEAP_GROWTH = 2;
/**
 * The first build collects every this many batches (and chunks of the word indexes), yielding at
 * each: what an eden collection finds there is mostly cards it keeps, and each one walks the
 * builders' maps again. Every 4: 0.45 s less to ready at 100k, peak +20-40 MB (docs/scale.md, "Seventh pass").
 */
const FIRST_BUILD_COLLECT_EVERY = 4;
/** A slug as StoredProfileSchema allows it: its search words are its parts, already in their search form. */
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** Lines per chunk of the streamed index. */
const LINES_PER_CHUNK = 500;

/** The ordinals of the cards in each role and availability class, ascending (so in search order). */
interface ClassLists {
  role: Record<TalentRole, Int32Array>;
  /** available or limited. */
  bookable: Int32Array;
  unavailable: Int32Array;
}

/**
 * One version of the talent directory: the listed profiles' cards (active and indexable; public
 * fields only) in search order (Bayesian rating from reviews, bookable first, slug: compareRanked), word indexes
 * over the text, the skills and the industries, the cards of each role and availability class,
 * the prebuilt sitemap and the streamed index. A search intersects the lists its filters name,
 * driven by the smallest, so it costs what its answer costs, not the directory's size.
 */
export class DirectorySnapshot {
  /** Whole-list answers built on first use; an index's is the pending pass, so concurrent first requests share it. */
  private readonly answers = new Map<string, WholeListAnswer | Promise<StreamedAnswer>>();
  /** The free-text matcher (the one search's matching), made on the first text search of this version. */
  private matcher: QueryMatcher | undefined;

  private constructor(
    readonly marker: ChangeMarker,
    private readonly cards: readonly ProfileCard[],
    private readonly bySlug: readonly ProfileCard[],
    private readonly classes: ClassLists,
    private readonly text: TokenIndex,
    private readonly skills: TokenIndex,
    private readonly industries: TokenIndex,
    private readonly headlines: TokenIndex,
  ) {}

  /**
   * Builds a directory from the active cards (by slug, in batches), keeping the listed ones. A
   * card `previous` (the directory this one replaces) holds unchanged is kept instead of the copy
   * just read, so a rebuild holds one copy of the cards, not two; each batch is let go once read.
   */
  static async build(
    marker: ChangeMarker,
    batches: AsyncIterable<readonly ProfileCard[]> | Iterable<readonly ProfileCard[]>,
    previous?: DirectorySnapshot,
    /** A PM's Bayesian rating from reviews (0 when unrated), the first key of the order. */
    bayesianOf: (id: string) => number = () => 0,
  ): Promise<DirectorySnapshot> {
    const release = previous ? buildReleaser() : everyNth(buildReleaser(FIRST_BUILD_HEAP_GROWTH), FIRST_BUILD_COLLECT_EVERY);
    const bySlug: ProfileCard[] = [];
    // Each batch's garbage is collected once nothing holds the batch (eachBatchReleased).
    await eachBatchReleased(
      batches,
      (batch) => {
        for (const c of batch) {
          if (!isListed({ active: true, indexable: c.indexable })) continue;
          const kept = previous?.card(c.slug);
          bySlug.push(kept !== undefined && Bun.deepEquals(kept, c) ? kept : c);
        }
      },
      release,
    );
    const cards = sortRanked(bySlug, bayesianOf);
    // Each text is added on its own (no joined strings): a builder cuts a distinct text once. The
    // name and headline, mostly unique, are cut once for both of their indexes, not once in each
    // builder (and looked up in both builders' memos first, in vain).
    const text = new TokenIndexBuilder();
    const skills = new TokenIndexBuilder();
    const industries = new TokenIndexBuilder();
    const headlines = new TokenIndexBuilder();
    const role: Record<TalentRole, number[]> = { pm: [], resource: [], expert: [] };
    const bookable: number[] = [];
    const unavailable: number[] = [];
    for (let o = 0; o < cards.length; o++) {
      const c = cards[o] as ProfileCard;
      const name = searchWords(c.displayName);
      const headline = searchWords(c.headline);
      text.addWords(o, name);
      text.addWords(o, headline);
      headlines.addWords(o, name);
      headlines.addWords(o, headline);
      for (const s of c.skills) {
        text.add(o, s.name);
        skills.add(o, s.name);
      }
      for (const industry of c.industries ?? []) {
        text.add(o, industry);
        industries.add(o, industry);
      }
      text.add(o, ROLE_WORDS[c.role]);
      text.add(o, c.location.city);
      // A service is a catalog slug: its parts, without the regex and the normalising memo (6.5
      // slugs a card at 100k, most of them unique to a few cards: the builder's memo missed them).
      for (const service of c.services) text.addWords(o, SLUG.test(service) ? service.split('-') : searchWords(service));
      role[c.role].push(o);
      (c.availability.status === 'unavailable' ? unavailable : bookable).push(o);
      if (o % CHUNK === CHUNK - 1) await release();
    }
    const classes: ClassLists = {
      role: { pm: Int32Array.from(role.pm), resource: Int32Array.from(role.resource), expert: Int32Array.from(role.expert) },
      bookable: Int32Array.from(bookable),
      unavailable: Int32Array.from(unavailable),
    };
    return new DirectorySnapshot(
      marker,
      cards,
      bySlug,
      classes,
      text.build(previous?.text),
      skills.build(previous?.skills),
      industries.build(previous?.industries),
      headlines.build(previous?.headlines),
    );
  }

  /** The ids of one page of a search, in search order, and the number of matches. */
  page(q: TalentSearch, skip: number, limit: number): { ids: string[]; total: number } {
    const lists: Int32Array[] = [];
    if (q.role) lists.push(this.classes.role[q.role]);
    if (q.available !== undefined) lists.push(q.available ? this.classes.bookable : this.classes.unavailable);

    if (q.skills)
      lists.push(
        ordinalsWithEveryWord(
          [this.skills],
          q.skills.flatMap((s) => queryWords(s)),
        ),
      );
    if (q.industry !== undefined) lists.push(ordinalsWithEveryWord([this.industries], queryWords(q.industry)));
    const idOf = (o: number) => (this.cards[o] as ProfileCard)._id;
    if (q.search !== undefined) {
      // Free text: the one search's matching (stop words not required, synonyms, typos), ranked
      // by relevance first, then this directory's order (bookable first, best rated).
      const match = this.textMatcher().match(parseQuery(q.search));
      const matched = match.ordinals.slice().sort();
      const found = lists.length === 0 ? matched : intersectSorted([matched, ...lists]);
      return {
        ids: topRanked(found, match.relevance, skip + limit)
          .slice(skip)
          .map(idOf),
        total: found.length,
      };
    }
    if (lists.length === 0) return { ids: this.cards.slice(skip, skip + limit).map((c) => c._id), total: this.cards.length };
    const matches = intersectSorted(lists);
    return { ids: Array.from(matches.subarray(skip, skip + limit), idOf), total: matches.length };
  }

  /** Name and headline weigh most, then skills and industries, then the rest of the card (role words, city, services). */
  private textMatcher(): QueryMatcher {
    this.matcher ??= new QueryMatcher(
      [
        { index: this.headlines, weight: 3 },
        { index: this.skills, weight: 2 },
        { index: this.industries, weight: 2 },
        { index: this.text, weight: 1 },
      ],
      this.cards.length,
    );
    return this.matcher;
  }

  /** The listed card with this slug, or undefined (a rebuild keeps it when unchanged). */
  card(slug: string): ProfileCard | undefined {
    const at = lowerBoundBySlug(this.bySlug, slug);
    const c = this.bySlug[at];
    return c?.slug === slug ? c : undefined;
  }

  /** GET /talent/sitemap: the listed slugs, ascending. */
  sitemap(): PrebuiltAnswer {
    return this.answer('sitemap', () => prebuild(JSON.stringify({ success: true, data: sortSlugs(this.bySlug.map((c) => c.slug)) })));
  }

  /** GET /internal/talent-index (JSON envelope) and its lines with a trailer, streamed (nothing kept but the ETag). */
  index(format: 'json' | 'ndjson'): Promise<StreamedAnswer> {
    const listed = this.bySlug;
    if (format === 'json')
      return this.answer('index:json', () =>
        streamed(function* () {
          yield '{"success":true,"data":[';
          yield* inChunks(listed, LINES_PER_CHUNK, (c, i) => `${i === 0 ? '' : ','}${JSON.stringify(toTalentIndexEntry(c))}`);
          yield ']}';
        }),
      );
    return this.answer('index:ndjson', () =>
      streamed(function* () {
        yield* inChunks(listed, LINES_PER_CHUNK, (c) => `${JSON.stringify(toTalentIndexEntry(c))}\n`);
        yield `${JSON.stringify({ end: true, count: listed.length })}\n`;
      }, 'application/x-ndjson; charset=utf-8'),
    );
  }

  private answer<A extends WholeListAnswer | Promise<StreamedAnswer>>(key: string, build: () => A): A {
    let a = this.answers.get(key) as A | undefined;
    if (!a) {
      a = build();
      this.answers.set(key, a);
      // A failed index pass is not kept: the next request tries again.
      if (a instanceof Promise) a.catch(() => this.answers.delete(key));
    }
    return a;
  }
}

/** `release` every `n`th call; a yield to waiting requests at the others. */
function everyNth(release: () => Promise<void>, n: number): () => Promise<void> {
  let calls = 0;
  return () => (++calls % n === 0 ? release() : yieldToRequests());
}

/** The first position in cards ordered by slug whose slug is not below `slug`. */
function lowerBoundBySlug(cards: readonly ProfileCard[], slug: string): number {
  let lo = 0;
  let hi = cards.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((cards[mid] as ProfileCard).slug < slug) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
