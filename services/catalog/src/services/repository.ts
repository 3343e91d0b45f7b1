import { type Category, LANGUAGES, type Lang, type MarketCode } from '@tm/contracts';
import type { DocumentCollection, DocumentStore, Filter } from '@tm/shared/store';
import type { ServiceDoc } from './model.ts';

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
  /** One page of active services offered in a market, in display order, plus the total. */
  listPage(query: ServiceQuery, page: { skip: number; limit: number }): Promise<{ items: ServiceDoc[]; total: number }>;
  /** Every active service in display order (the read model and the service index). */
  listActive(): Promise<ServiceDoc[]>;
  /** Inserts or updates by stable id (derived from the slug); returns how many were new or changed. */
  upsertAll(docs: readonly ServiceDoc[]): Promise<{ inserted: number; updated: number }>;
  count(): Promise<number>;
}

const DISPLAY_ORDER = { rank: 1, slug: 1 } as const;

/** Builds the repository over any DocumentStore adapter. */
export function createServiceRepository(store: DocumentStore): ServiceRepository {
  const services: DocumentCollection<ServiceDoc> = store.collection<ServiceDoc>(SERVICES_COLLECTION);
  return {
    async ensureIndexes() {
      await services.createIndex({ slug: 1 }, { unique: true, name: 'slug_unique' });
      await services.createIndex({ category: 1, rank: 1 }, { name: 'category_rank' });
      await services.createIndex({ markets: 1, active: 1, rank: 1 }, { name: 'markets_active_rank' });
      // A text index for real MongoDB users and tools. The list query itself uses a
      // case-insensitive regex instead of $text: $text matches whole stemmed words only, has no
      // Hindi/Arabic stemming, and the embedded adapter has no $text, so regex keeps both
      // adapters returning the same pages (the catalog is small enough for it to stay cheap).
      await services.createIndex(Object.fromEntries(TEXT_FIELDS.map((f) => [f, 'text' as const])), { name: 'copy_text', default_language: 'none' });
    },
    findActiveByIdOrSlug(idOrSlug) {
      return services.findOne({ active: true, $or: [{ _id: idOrSlug }, { slug: idOrSlug }] });
    },
    async listPage(query, { skip, limit }) {
      const filter = listFilter(query);
      const [items, total] = await Promise.all([services.find(filter, { sort: DISPLAY_ORDER, skip, limit }).toArray(), services.countDocuments(filter)]);
      return { items, total };
    },
    listActive() {
      return services.find({ active: true }, { sort: DISPLAY_ORDER }).toArray();
    },
    async upsertAll(docs) {
      let inserted = 0;
      let updated = 0;
      for (const doc of docs) {
        // Keyed by the stable id (derived from the slug), so the upsert needs no $setOnInsert of _id.
        const { _id, ...fields } = doc;
        const r = await services.updateOne({ _id }, { $set: fields }, { upsert: true });
        if (r.upsertedCount > 0) inserted++;
        else if (r.modifiedCount > 0) updated++;
      }
      return { inserted, updated };
    },
    count() {
      return services.countDocuments({});
    },
  };
}

const TEXT_FIELDS = LANGUAGES.flatMap((l) => [`i18n.${l}.name`, `i18n.${l}.summary`]);

/** The Mongo filter of a list query: active, offered in the market (listed and priced there, as isOfferedIn says), category, text search. */
export function listFilter(query: ServiceQuery): Filter {
  const filter: Filter = { active: true, markets: query.market, [`prices.${query.market}`]: { $exists: true } };
  if (query.category) filter.category = query.category;
  if (query.search) {
    const pattern = escapeRegex(query.search);
    const langs = query.lang === 'en' ? ['en'] : [query.lang, 'en'];
    filter.$or = langs.flatMap((l) => ['name', 'summary', 'description'].map((f) => ({ [`i18n.${l}.${f}`]: { $regex: pattern, $options: 'i' } })));
  }
  return filter;
}

/** Escapes every regex metacharacter so user input is matched literally. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
