import { LANGUAGES, type Lang, MARKET_CODES, MARKETS, type MarketCode, type ServiceIndexLine } from '@tm/contracts';
import type { ChangeMarker } from '@tm/shared/search';
import {
  createPrebuiltCache,
  inChunks,
  intersectSorted,
  ordinalsWithEveryWord,
  type PrebuiltCache,
  prebuild,
  queryWords,
  type RebuildableAnswer,
  type StreamedAnswer,
  streamed,
  type TokenIndex,
  TokenIndexBuilder,
  yieldToRequests,
} from '@tm/shared/search';
import type { ServiceSummary } from './model.ts';
import { isOfferedIn, toCatalogEntry, toIndexEntry } from './present.ts';
import type { ServiceQuery } from './repository.ts';

/** A summary as the repository reads it: with the search words upsertAll stored, unless written another way. */
type StoredSummary = ServiceSummary & { searchWords?: Partial<Record<Lang, string[]>> };

/** Items between two yields to the event loop while a snapshot is built, so requests keep flowing. */
const CHUNK = 2_000;
/** Lines per chunk of a streamed index. */
const LINES_PER_CHUNK = 500;

/**
 * One version of the active catalog, immutable once built: the services in display order (rank,
 * slug), their positions per market and per market and category, a word index per language, and
 * whole-list answers built on first use (the catalog's bodies under a byte budget, the indexes'
 * ETags). A page is a slice of a position list (no scan, no skip cost); a total is a list's length.
 */
export class CatalogSnapshot {
  /** The indexes' answers, pending while their ETag pass runs: concurrent first requests share one pass. */
  private readonly answers = new Map<string, Promise<StreamedAnswer>>();

  private constructor(
    readonly marker: ChangeMarker,
    readonly items: readonly ServiceSummary[],
    readonly byKey: ReadonlyMap<string, ServiceSummary>,
    private readonly byMarket: ReadonlyMap<string, Int32Array>,
    private readonly words: Readonly<Record<Lang, TokenIndex>>,
    private readonly catalogs: PrebuiltCache,
  ) {}

  /**
   * Builds a snapshot from the repository's summaries (in display order, in batches), yielding as
   * it goes; each batch's words go into the word indexes as it arrives, so only the lean items are
   * kept. The /services/catalog bodies it keeps stay within `wholeListBudgetBytes` together.
   */
  static async build(
    marker: ChangeMarker,
    batches: AsyncIterable<readonly StoredSummary[]> | Iterable<readonly StoredSummary[]>,
    wholeListBudgetBytes: number,
  ): Promise<CatalogSnapshot> {
    const items: ServiceSummary[] = [];
    const byKey = new Map<string, ServiceSummary>();
    const positions = new Map<string, number[]>();
    const builders = Object.fromEntries(LANGUAGES.map((l) => [l, new TokenIndexBuilder()])) as Record<Lang, TokenIndexBuilder>;
    let sinceYield = 0;
    for await (const batch of batches) {
      for (const d of batch) {
        const item = lean(d);
        const at = items.push(item) - 1;
        byKey.set(String(item._id), item).set(item.slug, item);
        for (const m of MARKET_CODES) {
          if (!isOfferedIn(item, MARKETS[m])) continue;
          for (const key of [m, `${m}:${item.category}`]) {
            const list = positions.get(key);
            if (list) list.push(at);
            else positions.set(key, [at]);
          }
        }
        // The words upsertAll stored with the document (the same cut of name and summary); a
        // document written some other way, without them, is cut here.
        const stored = d.searchWords;
        for (const l of LANGUAGES) {
          const words = stored?.[l];
          if (words) builders[l].addWords(at, words);
          else builders[l].add(at, `${item.i18n[l]?.name ?? ''} ${item.i18n[l]?.summary ?? ''}`);
        }
        if (++sinceYield === CHUNK) {
          sinceYield = 0;
          await yieldToRequests();
        }
      }
    }
    const words = {} as Record<Lang, TokenIndex>;
    for (const l of LANGUAGES) {
      words[l] = builders[l].build();
      await yieldToRequests();
    }
    const byMarket = new Map([...positions].map(([k, v]) => [k, Int32Array.from(v)]));
    return new CatalogSnapshot(marker, items, byKey, byMarket, words, createPrebuiltCache(wholeListBudgetBytes));
  }

  /** Slugs of one page of a list query and the query's total (slugs, not ids: a hand-inserted _id is an ObjectId the store reads as text). */
  page(query: ServiceQuery, skip: number, limit: number): { slugs: string[]; total: number } {
    let list = this.byMarket.get(query.category ? `${query.market}:${query.category}` : query.market) ?? EMPTY;
    if (query.search !== undefined) {
      const langs = query.lang === 'en' ? [this.words.en] : [this.words[query.lang], this.words.en];
      list = intersectSorted([list, ordinalsWithEveryWord(langs, queryWords(query.search))]);
    }
    return { slugs: [...list.subarray(skip, skip + limit)].map((o) => (this.items[o] as ServiceSummary).slug), total: list.length };
  }

  /** GET /services/catalog for one market and language: its ETag, and its body kept or built again when sent. */
  catalog(market: MarketCode, lang: Lang): RebuildableAnswer {
    return this.catalogs.get(`${market}:${lang}`, () => {
      const list = this.byMarket.get(market) ?? EMPTY;
      const entries = Array.from(list, (o) => toCatalogEntry(this.items[o] as ServiceSummary, lang));
      return prebuild(JSON.stringify({ success: true, data: entries }));
    });
  }

  /** GET /internal/service-index: every active service in English (streamed: nothing kept but its ETag). */
  serviceIndex(): Promise<StreamedAnswer> {
    const items = this.items;
    return this.answer('index:json', () =>
      streamed(function* () {
        yield '{"success":true,"data":[';
        yield* inChunks(items, LINES_PER_CHUNK, (d, i) => `${i === 0 ? '' : ','}${JSON.stringify(toIndexEntry(d))}`);
        yield ']}';
      }),
    );
  }

  /** GET /internal/service-index.ndjson: one line per active service with each market's price, then the trailer (streamed). */
  serviceIndexLines(): Promise<StreamedAnswer> {
    const items = this.items;
    return this.answer('index:ndjson', () =>
      streamed(function* () {
        yield* inChunks(items, LINES_PER_CHUNK, (d) => `${JSON.stringify(toIndexLine(d))}\n`);
        yield `${JSON.stringify({ end: true, count: items.length })}\n`;
      }, 'application/x-ndjson; charset=utf-8'),
    );
  }

  private answer(key: string, build: () => Promise<StreamedAnswer>): Promise<StreamedAnswer> {
    let a = this.answers.get(key);
    if (!a) {
      a = build();
      this.answers.set(key, a);
      // A failed pass is not kept: the next request tries again.
      a.catch(() => this.answers.delete(key));
    }
    return a;
  }
}

const EMPTY = new Int32Array(0);

/**
 * Only what the hot paths read (the stored search words are dropped once indexed). A language's
 * copy is the loaded object itself, shared, not copied; a missing (or null) field reads the English one.
 */
function lean(d: ServiceSummary): ServiceSummary {
  const { _id, slug, kind, category, rank, markets, defaultHours, minHours, prices, updatedAt, i18n } = d;
  // != null: a copy edited by hand may hold null, which reads the English one like a missing copy.
  const complete = LANGUAGES.every((l) => i18n[l]?.name != null && i18n[l]?.summary != null);
  const copies = complete
    ? i18n
    : Object.fromEntries(LANGUAGES.map((l) => [l, { name: i18n[l]?.name ?? i18n.en.name, summary: i18n[l]?.summary ?? i18n.en.summary }]));
  return { _id, slug, kind, category, rank, markets, defaultHours, minHours, prices, updatedAt, i18n: copies as ServiceSummary['i18n'] };
}

/** A service as the streamed index lists it: the English entry and its price in every market offering it. */
export function toIndexLine(d: ServiceSummary): ServiceIndexLine {
  const prices = MARKET_CODES.filter((m) => isOfferedIn(d, MARKETS[m])).map((m) => ({
    market: m,
    currency: MARKETS[m].currency,
    hourlyRate: (d.prices[m] as { hourlyRate: number }).hourlyRate,
  }));
  return { ...toIndexEntry(d), prices };
}
