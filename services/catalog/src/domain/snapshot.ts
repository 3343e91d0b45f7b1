import { type CatalogEntry, LANGUAGES, type Lang, MARKET_CODES, MARKETS, type MarketCode, type ServiceIndexLine } from '@tm/contracts';
import { etagOf } from '@tm/shared/http';
import type { ChangeMarker } from '@tm/shared/search';
import {
  buildReleaser,
  createPrebuiltCache,
  eachBatchReleased,
  inChunks,
  intersectSorted,
  ordinalsWithEveryWord,
  type PrebuiltAnswer,
  type PrebuiltCache,
  type RebuildableAnswer,
  releaseBatch,
  requiredQueryWords,
  type StreamedAnswer,
  streamed,
  type TokenIndex,
  TokenIndexBuilder,
  yieldToRequests,
} from '@tm/shared/search';
import { decodeBson } from '@tm/shared/store/mongo';
import type { ServiceSummary } from './model.ts';
import { isOfferedIn, toIndexEntry } from './present.ts';
import type { ServiceQuery } from './repository.ts';
import { eachWord, SummaryBson } from './summary-bson.ts';
import { type ServiceTexts, SummaryColumns } from './summary-columns.ts';

/** A summary as the repository reads it: with the search words upsertAll stored, unless written another way. */
type StoredSummary = ServiceSummary & { searchWords?: Partial<Record<Lang, string[]>> };

/** A summary as a build takes it: decoded, or as the BSON the driver read (`raw`). */
export type SummarySource = StoredSummary | Uint8Array;

/** Lines per chunk of a streamed index. */
const LINES_PER_CHUNK = 500;

/**
 * One version of the active catalog, immutable once built: the services in display order (rank,
 * slug) as columns (summary-columns.ts), their positions per market and per market and category,
 * a word index per language, and whole-list answers built on first use (the catalog's bodies under
 * a byte budget, the indexes' ETags). A page is a slice of a position list (no scan, no skip cost);
 * a total is a list's length.
 */
export class CatalogSnapshot {
  /** The indexes' answers, pending while their ETag pass runs: concurrent first requests share one pass. */
  private readonly answers = new Map<string, Promise<StreamedAnswer>>();
  /** The /services/catalog answers built once (their ETags kept by `catalogs`), and those whose first build runs. */
  private readonly catalogsBuilt = new Set<string>();
  private readonly catalogFirstBuilds = new Map<string, Promise<PrebuiltAnswer>>();

  private constructor(
    readonly marker: ChangeMarker,
    private readonly services: SummaryColumns,
    /** Ordinal by id and by slug. */
    private readonly byKey: ReadonlyMap<string, number>,
    private readonly byMarket: ReadonlyMap<string, Int32Array>,
    private readonly words: Readonly<Record<Lang, TokenIndex>>,
    private readonly catalogs: PrebuiltCache,
  ) {}

  /**
   * Builds a snapshot from the repository's summaries (in display order, in batches), yielding as
   * it goes; each batch's words go into the word indexes as it arrives, and only the columns are
   * kept, so a batch is let go once read. A service whose texts `previous` (the snapshot this one
   * replaces) holds unchanged keeps that snapshot's strings, and a word its word index holds keeps
   * its string: a rebuild holds one copy of the catalog's text, not two. The /services/catalog
   * bodies it keeps stay within `wholeListBudgetBytes` together.
   */
  static async build(
    marker: ChangeMarker,
    batches: AsyncIterable<readonly SummarySource[]> | Iterable<readonly SummarySource[]>,
    wholeListBudgetBytes: number,
    previous?: CatalogSnapshot,
  ): Promise<CatalogSnapshot> {
    const services = new SummaryColumns();
    const byKey = new Map<string, number>();
    const positions = new Map<string, number[]>();
    const builders = Object.fromEntries(LANGUAGES.map((l) => [l, new TokenIndexBuilder()])) as Record<Lang, TokenIndexBuilder>;
    // A batch (the read's 2,000) is taken whole, then its garbage collected and requests let in
    // once nothing holds it (eachBatchReleased).
    const bson = new SummaryBson();
    const release = buildReleaser();
    const releaseBson = buildReleaser(BSON_BUILD_HEAP_GROWTH);
    // Whether the last batch was read from BSON only, and how many such batches were taken.
    let bsonBatch = false;
    let bsonBatches = 0;
    /** Service `at`'s market and market:category positions and its words: `stored`, or with `fromBson` those the BSON reader found in the document it just read. */
    const index = (at: number, category: string, stored: StoredSummary['searchWords'], fromBson: boolean) => {
      for (const m of MARKET_CODES) {
        if (!services.offeredIn(at, MARKETS[m])) continue;
        for (const key of [m, `${m}:${category}`]) {
          const list = positions.get(key);
          if (list) list.push(at);
          else positions.set(key, [at]);
        }
      }
      // The words upsertAll stored with the document (the same cut of name and summary); a
      // document written some other way, without them, is cut here.
      for (let li = 0; li < LANGUAGES.length; li++) {
        const l = LANGUAGES[li] as Lang;
        const builder = builders[l];
        const array = fromBson ? (bson.words[li] as number) : -1;
        const words = fromBson ? undefined : stored?.[l];
        if (array !== -1) {
          const bytes = bson.bytes;
          eachWord(bytes, array, (start, end) => builder.addUtf8Word(at, bytes, start, end));
        } else if (words) builder.addWords(at, words);
        else {
          const copy = services.copy(at, l);
          builder.add(at, `${copy.name} ${copy.summary}`);
        }
      }
    };
    // A batch (the read's 2,000) is taken whole, then its garbage collected and requests let in
    // once nothing holds it (eachBatchReleased). A document may come as its BSON (the MongoDB
    // read: summary-bson.ts), or decoded.
    await eachBatchReleased(
      batches,
      (batch) => {
        bsonBatch = true;
        for (const item of batch) {
          if (item instanceof Uint8Array && bson.read(item)) {
            const at = services.pushFields(bson, previous?.same(bson.id));
            index(at, bson.category, undefined, true);
            continue;
          }
          bsonBatch = false;
          const d = item instanceof Uint8Array ? (decodeBson(item) as StoredSummary) : item;
          const at = services.push(d, previous?.same(String(d._id)));
          index(at, d.category, d.searchWords, false);
        }
      },
      () => (!bsonBatch ? release() : ++bsonBatches % BSON_BATCHES_PER_RELEASE === 0 ? releaseBson() : yieldToRequests()),
    );
    // Made once the columns are complete, not as batches arrive: a Map of 200k entries written
    // between collections is walked again by every one of them.
    for (let o = 0; o < services.length; o++) byKey.set(services.ids[o] as string, o).set(services.slugs[o] as string, o);
    const words = {} as Record<Lang, TokenIndex>;
    for (const l of LANGUAGES) {
      words[l] = builders[l].build(previous?.words[l]);
      await yieldToRequests();
    }
    const byMarket = new Map([...positions].map(([k, v]) => [k, Int32Array.from(v)]));
    return new CatalogSnapshot(marker, services, byKey, byMarket, words, createPrebuiltCache(wholeListBudgetBytes));
  }

  /** How many active services it holds. */
  get size(): number {
    return this.services.length;
  }

  /** An active service by id or slug (a summary made for the caller), or undefined. */
  find(idOrSlug: string): ServiceSummary | undefined {
    const o = this.byKey.get(idOrSlug);
    return o === undefined ? undefined : this.services.summary(o);
  }

  /** The id, slug and texts it holds for a service, for a rebuild to keep when unchanged (and for tests to see it kept). */
  same(id: string): { id: string; slug: string; texts: ServiceTexts } | undefined {
    const o = this.byKey.get(id);
    if (o === undefined || this.services.ids[o] !== id) return undefined;
    return { id, slug: this.services.slugs[o] as string, texts: this.services.texts[o] as ServiceTexts };
  }

  /** Slugs of one page of a list query and the query's total (slugs, not ids: a hand-inserted _id is an ObjectId the store reads as text). */
  page(query: ServiceQuery, skip: number, limit: number): { slugs: string[]; total: number } {
    let list = this.byMarket.get(query.category ? `${query.market}:${query.category}` : query.market) ?? EMPTY;
    if (query.search !== undefined) {
      const langs = query.lang === 'en' ? [this.words.en] : [this.words[query.lang], this.words.en];
      list = intersectSorted([list, ordinalsWithEveryWord(langs, requiredQueryWords(query.search))]);
    }
    return { slugs: Array.from(list.subarray(skip, skip + limit), (o) => this.services.slugs[o] as string), total: list.length };
  }

  /**
   * GET /services/catalog for one market and language: its ETag, and its body kept or built again
   * when sent. The first build of each is made in slices that yield and release their garbage
   * (at 100k services one body is 9.4 MB: built at once it held other requests 0.3 s, four
   * languages at once 1.4 s), concurrent first requests sharing it; a body dropped from the budget
   * later is built again at once.
   */
  async catalog(market: MarketCode, lang: Lang): Promise<RebuildableAnswer> {
    const key = `${market}:${lang}`;
    if (!this.catalogsBuilt.has(key)) {
      let first = this.catalogFirstBuilds.get(key);
      if (!first) {
        first = this.catalogInSlices(market, lang).finally(() => this.catalogFirstBuilds.delete(key));
        this.catalogFirstBuilds.set(key, first);
      }
      const built = await first;
      this.catalogsBuilt.add(key);
      return this.catalogs.get(key, () => built);
    }
    return this.catalogs.get(key, () => prebuildBytes(catalogParts(this.byMarket.get(market) ?? EMPTY, this.services, lang)));
  }

  private async catalogInSlices(market: MarketCode, lang: Lang): Promise<PrebuiltAnswer> {
    const parts: Uint8Array[] = [];
    for (const part of catalogParts(this.byMarket.get(market) ?? EMPTY, this.services, lang)) {
      parts.push(part);
      await releaseBatch();
    }
    return prebuildBytes(parts);
  }

  /** GET /internal/service-index: every active service in English (streamed: nothing kept but its ETag). */
  serviceIndex(): Promise<StreamedAnswer> {
    const services = this.services;
    return this.answer('index:json', () =>
      streamed(function* () {
        yield '{"success":true,"data":[';
        yield* inChunks(services.ids, LINES_PER_CHUNK, (_, o) => `${o === 0 ? '' : ','}${JSON.stringify(toIndexEntry(services.summary(o)))}`);
        yield ']}';
      }),
    );
  }

  /** GET /internal/service-index.ndjson: one line per active service with each market's price, then the trailer (streamed). */
  serviceIndexLines(): Promise<StreamedAnswer> {
    const services = this.services;
    return this.answer('index:ndjson', () =>
      streamed(function* () {
        yield* inChunks(services.ids, LINES_PER_CHUNK, (_, o) => `${services.indexLine(o) ?? JSON.stringify(toIndexLine(services.summary(o)))}\n`);
        yield `${JSON.stringify({ end: true, count: services.length })}\n`;
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
 * Batches read as BSON between two of the build's releases (buildReleaser's collections): such a
 * batch leaves little garbage in the heap (the reply's bytes are outside it, and no object is made
 * per document), and a collection per batch cost ~0.4 s of a 100k build (docs/scale.md, "Seventh
 * pass"). A batch of decoded documents (the embedded store, a rebuild from it) is released after
 * each, with buildReleaser's growth, as before.
 */
const BSON_BATCHES_PER_RELEASE = 4;
/** And the heap's growth past what the last full collection left before such a build asks for another (buildReleaser: 1.25): at 100k ~0.25 s less CPU, the peak the same (docs/scale.md, "Seventh pass"). */
const BSON_BUILD_HEAP_GROWTH = 2;
/** Services per slice of a /services/catalog body: about 100 KB of JSON. */
const CATALOG_SLICE = 1_000;

/** The bytes of GET /services/catalog for the services at `list`, one part per slice: the text JSON.stringify({ success: true, data: entries }) gives. */
function* catalogParts(list: Int32Array, services: SummaryColumns, lang: Lang): Generator<Uint8Array> {
  const encoder = new TextEncoder();
  const { ids, slugs } = services;
  for (let start = 0; start === 0 || start < list.length; start += CATALOG_SLICE) {
    let text = start === 0 ? '{"success":true,"data":[' : '';
    const end = Math.min(list.length, start + CATALOG_SLICE);
    for (let i = start; i < end; i++) {
      const o = list[i] as number;
      const entry: CatalogEntry = { _id: ids[o] as string, slug: slugs[o] as string, name: services.copy(o, lang).name };
      text += `${i === 0 ? '' : ','}${JSON.stringify(entry)}`;
    }
    if (end === list.length) text += ']}';
    yield encoder.encode(text);
  }
}

/** A prebuilt JSON answer from its parts' bytes. */
function prebuildBytes(parts: Iterable<Uint8Array>): PrebuiltAnswer {
  const all = [...parts];
  const body = new Uint8Array(all.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of all) {
    body.set(p, at);
    at += p.byteLength;
  }
  return { body, etag: etagOf(body), contentType: 'application/json; charset=utf-8' };
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
