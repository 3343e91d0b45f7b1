import type { Lang } from '@tm/contracts';
import type { DocumentStore } from '@tm/shared/store';
import { type BundleDoc, bundleId, type StoredMessage } from './model.ts';

/** Message bundles in content's own database. */
export function createBundleRepository(documents: DocumentStore) {
  const bundles = documents.collection<BundleDoc>('i18n_bundles');
  return {
    find: (lang: Lang, namespace: string) => bundles.findOne({ _id: bundleId(lang, namespace) }),
    /** Replaces the whole bundle (a PUT). */
    async replace(lang: Lang, namespace: string, entries: StoredMessage[], updatedAt: string): Promise<BundleDoc> {
      const doc: BundleDoc = { _id: bundleId(lang, namespace), lang, namespace, entries, updatedAt };
      await bundles.replaceOne({ _id: doc._id }, doc, { upsert: true });
      return doc;
    },
    /**
     * The seed: a missing bundle is inserted, and keys a stored bundle lacks are added (new error
     * codes get their message); a stored message is never changed.
     */
    async seed(lang: Lang, namespace: string, entries: StoredMessage[], at: string): Promise<void> {
      const stored = await bundles.findOne({ _id: bundleId(lang, namespace) });
      if (!stored) {
        await bundles.updateOne({ _id: bundleId(lang, namespace) }, { $setOnInsert: { lang, namespace, entries, updatedAt: at } }, { upsert: true });
        return;
      }
      const have = new Set(stored.entries.map((e) => e.k));
      const missing = entries.filter((e) => !have.has(e.k));
      if (missing.length > 0) await bundles.updateOne({ _id: stored._id }, { $push: { entries: { $each: missing } }, $set: { updatedAt: at } });
    },
  };
}

export type BundleRepository = ReturnType<typeof createBundleRepository>;
