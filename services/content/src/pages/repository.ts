import type { Lang, PageStatus, PageType } from '@tm/contracts';
import { DomainError } from '@tm/shared';
import { type DocumentStore, type Filter, isDuplicateKeyError } from '@tm/shared/store';
import type { PageDoc } from './model.ts';

const slugTaken = (slug: string) => new DomainError('SLUG_TAKEN', `The slug "${slug}" is already used by a page of this type and language`);

/** Pages in content's own database: every change one conditional update on the page's `version`. */
export function createPageRepository(documents: DocumentStore) {
  const pages = documents.collection<PageDoc>('pages');
  return {
    async ensureIndexes() {
      await pages.createIndex({ type: 1, lang: 1, slug: 1 }, { unique: true, name: 'slug_once' });
      // One document per language in a group.
      await pages.createIndex({ groupId: 1, lang: 1 }, { unique: true, name: 'group_language_once' });
      await pages.createIndex({ status: 1, type: 1, updatedAt: -1 }, { name: 'by_status' });
    },

    findById: (id: string) => pages.findOne({ _id: id }),
    findGroup: (groupId: string) => pages.find({ groupId }, { limit: 10 }).toArray(),

    /** Inserts a new page; 409 SLUG_TAKEN or GROUP_LANGUAGE_TAKEN when an index refuses it. */
    async insert(doc: PageDoc): Promise<PageDoc> {
      try {
        await pages.insertOne(doc);
        return doc;
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
        const clash = await pages.findOne({ type: doc.type, lang: doc.lang, slug: doc.slug });
        if (clash) throw slugTaken(doc.slug);
        throw new DomainError('GROUP_LANGUAGE_TAKEN', `Group ${doc.groupId} already has a ${doc.lang} page`);
      }
    },

    /** Inserts a seed page unless its id exists (never overwrites an edit). */
    async seed(doc: PageDoc): Promise<void> {
      const { _id, ...rest } = doc;
      try {
        await pages.updateOne({ _id }, { $setOnInsert: rest }, { upsert: true });
      } catch (err) {
        // A page an admin made holds the slug: theirs stays.
        if (!isDuplicateKeyError(err)) throw err;
      }
    },

    /**
     * Applies `update` when the page is still at `version` (and in one of `from` statuses, when
     * given): the winner of a race gets the new page, the loser null. Bumps the version.
     */
    async updateAt(id: string, version: number, set: Partial<PageDoc>, extra: { from?: PageStatus[]; addFormerSlug?: string } = {}): Promise<PageDoc | null> {
      const filter: Filter = { _id: id, version };
      if (extra.from) filter.status = { $in: extra.from };
      const update: Record<string, unknown> = { $set: set, $inc: { version: 1 } };
      if (extra.addFormerSlug) update.$addToSet = { formerSlugs: extra.addFormerSlug };
      try {
        return await pages.findOneAndUpdate(filter, update, { returnDocument: 'after' });
      } catch (err) {
        if (isDuplicateKeyError(err)) throw slugTaken(String(set.slug));
        throw err;
      }
    },

    /** One page of a listing (admins' drafts), newest change first. */
    async list(filter: { status: PageStatus; type?: PageType; lang?: Lang }, page: number, limit: number) {
      const query: Filter = { status: filter.status };
      if (filter.type) query.type = filter.type;
      if (filter.lang) query.lang = filter.lang;
      const [items, total] = await Promise.all([
        pages.find(query, { sort: { updatedAt: -1, _id: 1 }, skip: (page - 1) * limit, limit }).toArray(),
        pages.countDocuments(query),
      ]);
      return { items, total };
    },
  };
}

export type PageRepository = ReturnType<typeof createPageRepository>;
