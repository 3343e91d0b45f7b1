import { type Category, LANGUAGES, type Lang, type MarketCode } from '@tm/contracts';
import { type ChangeMarker, prefixEnd, requiredQueryWords, searchWords } from '@tm/shared/search';
import type { BulkWriteOperation, DocumentCollection, DocumentStore, Filter } from '@tm/shared/store';
import type { ServiceDoc, ServiceSummary } from './model.ts';

/** The name of the services collection, shared by the app and the seed script. */
export const SERVICES_COLLECTION = 'services';

/** What a list query may filter on; markets and activity are always applied. */
export interface ServiceQuery {
  market: MarketCode;
  lang: Lang;
  category?: Category;
  search?: string;
}

/** The only layer that talks to the services collection. */
export interface ServiceRepository {
  /** Creates the indexes the list, detail and search queries need (idempotent). */
  ensureIndexes(): Promise<void>;
  /** An active service by its 24-hex id or its slug; null when none. */
  findActiveByIdOrSlug(idOrSlug: string): Promise<ServiceDoc | null>;
  /** Active services by slug, in the order of `slugs` (unknown or inactive ones left out). */
  findActiveBySlugs(slugs: readonly string[]): Promise<ServiceDoc[]>;
  /** One page of active services offered in a market, in display order, plus the total, read from the store (the read model serves the API). */
  listPage(query: ServiceQuery, page: { skip: number; limit: number }): Promise<{ items: ServiceDoc[]; total: number }>;
  /**
   * Every active service in display order, with only what the read model keeps (and the stored
   * search words), in batches: a snapshot build holds one batch of them at a time, not 100k.
   */
  activeSummaries(): AsyncIterable<ServiceSummary[]>;
  /** The same, on MongoDB each document as its BSON (the snapshot reads it itself: summary-bson.ts); decoded on other stores. */
  activeSummaries(options: { bson: true }): AsyncIterable<(ServiceSummary | Uint8Array)[]>;
  /** Cheap signals of a change, read by the read model off the request path. */
  changeMarker(): Promise<ChangeMarker>;
  /** Inserts or updates by stable id (derived from the slug) in bulk writes of 1,000; returns how many were new or changed. */
  upsertAll(docs: readonly ServiceDoc[]): Promise<{ inserted: number; updated: number }>;
  count(): Promise<number>;
  /** The seed version the last seed run recorded, or null. */
  seededVersion(): Promise<string | null>;
  /** Records the seed version just loaded. */
  markSeeded(version: string): Promise<void>;
}

/** One marker document per seeded collection: `{ _id: 'services', version }`. */
export const SEED_MARKERS_COLLECTION = 'seed_markers';

const DISPLAY_ORDER = { rank: 1, slug: 1 } as const;
const BATCH = 1_000;
/** Summaries per batch of a snapshot build's read (about 2.2 KB of BSON each, half of it their search words). */
const SUMMARY_BATCH = 2_000;

/** The fields the read model holds, and the search words upsertAll stored (so the snapshot need not cut the copy into words again). */
const SUMMARY_PROJECTION = Object.fromEntries(
  [
    '_id',
    'slug',
    'kind',
    'category',
    'rank',
    'markets',
    'defaultHours',
    'minHours',
    'prices',
    'updatedAt',
    'searchWords',
    ...LANGUAGES.flatMap((l) => [`i18n.${l}.name`, `i18n.${l}.summary`]),
  ].map((f) => [f, 1 as const]),
);

/** The read model's read: every active service in display order, with only what it keeps, in batches (bench:scale times it too). */
export const ACTIVE_SUMMARIES_READ = { filter: { active: true }, sort: DISPLAY_ORDER, projection: SUMMARY_PROJECTION, batchSize: SUMMARY_BATCH } as const;

/** Builds the repository over any DocumentStore adapter. */
export function createServiceRepository(store: DocumentStore): ServiceRepository {
  const services: DocumentCollection<ServiceDoc> = store.collection<ServiceDoc>(SERVICES_COLLECTION);
  const markers = store.collection<{ _id: string; version: string }>(SEED_MARKERS_COLLECTION);
  return {
    async ensureIndexes() {
      await services.createIndex({ slug: 1 }, { unique: true, name: 'slug_unique' });
      await services.createIndex({ category: 1, rank: 1 }, { name: 'category_rank' });
      await services.createIndex({ markets: 1, active: 1, rank: 1 }, { name: 'markets_active_rank' });
      // The read model's load and the store-side list walk display order without a sort stage.
      await services.createIndex({ active: 1, rank: 1, slug: 1 }, { name: 'active_display_order' });
      // The change marker's newest-first read.
      await services.createIndex({ updatedAt: -1 }, { name: 'updated_at' });
      // No index on searchWords: the API's search runs on the read model's token index; the
      // store-side prefix ranges of listPage are for tools and the agreement tests only.
    },
    findActiveByIdOrSlug(idOrSlug) {
      return services.findOne({ active: true, $or: [{ _id: idOrSlug }, { slug: idOrSlug }] });
    },
    async findActiveBySlugs(slugs) {
      const found = await services.find({ slug: { $in: [...slugs] }, active: true }).toArray();
      const bySlug = new Map(found.map((d) => [d.slug, d]));
      return slugs.flatMap((slug) => bySlug.get(slug) ?? []);
    },
    async listPage(query, { skip, limit }) {
      const filter = listFilter(query);
      const [items, total] = await Promise.all([services.find(filter, { sort: DISPLAY_ORDER, skip, limit }).toArray(), services.countDocuments(filter)]);
      return { items, total };
    },
    activeSummaries(options?: { bson: true }) {
      const { filter, sort, projection, batchSize } = ACTIVE_SUMMARIES_READ;
      const cursor = services.find(filter, { sort, projection });
      if (options?.bson && cursor.rawBatches) return cursor.rawBatches(batchSize) as AsyncIterable<ServiceSummary[]>;
      return cursor.batches(batchSize) as AsyncIterable<ServiceSummary[]>;
    },
    async changeMarker() {
      const [total, active, newest] = await Promise.all([
        services.countDocuments({}),
        services.countDocuments({ active: true }),
        services.findOne({}, { sort: { updatedAt: -1 }, projection: { updatedAt: 1 } }),
      ]);
      return { total, active, latest: newest?.updatedAt ?? null };
    },
    async upsertAll(docs) {
      let inserted = 0;
      let updated = 0;
      for (let i = 0; i < docs.length; i += BATCH) {
        // Keyed by the stable id (derived from the slug), so the upsert needs no $setOnInsert of _id.
        const ops: BulkWriteOperation<ServiceDoc>[] = docs.slice(i, i + BATCH).map(({ _id, ...fields }) => ({
          updateOne: { filter: { _id }, update: { $set: { ...fields, searchWords: searchWordsOf(fields) } }, upsert: true },
        }));
        const r = await services.bulkWrite(ops, { ordered: false });
        inserted += r.upsertedCount;
        updated += r.modifiedCount;
      }
      return { inserted, updated };
    },
    count() {
      return services.countDocuments({});
    },
    async seededVersion() {
      const marker = await markers.findOne({ _id: SERVICES_COLLECTION });
      return marker?.version ?? null;
    },
    async markSeeded(version) {
      await markers.updateOne({ _id: SERVICES_COLLECTION }, { $set: { version } }, { upsert: true });
    },
  };
}

/** The search words of a service per language: the name and summary of that language's copy. */
export function searchWordsOf(doc: Pick<ServiceDoc, 'i18n'>): Record<Lang, string[]> {
  return Object.fromEntries(LANGUAGES.map((l) => [l, copyWords(doc.i18n[l])])) as Record<Lang, string[]>;
}

function copyWords(copy: { name: string; summary: string } | undefined): string[] {
  return copy ? searchWords(`${copy.name} ${copy.summary}`) : [];
}

/**
 * The Mongo filter of a list query: active, offered in the market (listed and priced there, as
 * isOfferedIn says), category, and search as word-prefix ranges over the stored search words of
 * the caller's language and English (no regex, so no user text ever reaches a pattern).
 */
export function listFilter(query: ServiceQuery): Filter {
  const filter: Filter = { active: true, markets: query.market, [`prices.${query.market}`]: { $exists: true } };
  if (query.category) filter.category = query.category;
  if (query.search !== undefined) {
    const langs = query.lang === 'en' ? ['en'] : [query.lang, 'en'];
    const words = requiredQueryWords(query.search);
    // No words at all (".*") matches nothing, as the read model's search does.
    filter.$and =
      words.length === 0
        ? [{ _id: { $in: [] } }]
        : words.map((w) => ({ $or: langs.map((l) => ({ [`searchWords.${l}`]: { $elemMatch: { $gte: w, $lt: prefixEnd(w) } } })) }));
  }
  return filter;
}

/** Escapes every regex metacharacter so user input is matched literally (kept for callers that still build patterns). */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
