import type { LegalType, MarketCode } from '@tm/contracts';
import { newId } from '@tm/shared';
import { type DocumentStore, isDuplicateKeyError } from '@tm/shared/store';
import type { AcceptanceDoc, LegalVersionDoc } from './model.ts';

/** Legal versions and acceptances in content's own database. */
export function createLegalRepository(documents: DocumentStore) {
  const versions = documents.collection<LegalVersionDoc>('legal_versions');
  const acceptances = documents.collection<AcceptanceDoc>('legal_acceptances');
  return {
    async ensureIndexes() {
      await versions.createIndex({ type: 1, market: 1, version: 1 }, { unique: true, name: 'version_once' });
      // One acceptance per person and version: ten identical acceptances at once store one.
      await acceptances.createIndex({ userId: 1, type: 1, market: 1, version: 1 }, { unique: true, name: 'accepted_once' });
    },

    /** The newest version number of a type in a market, read from the store (never the snapshot: a writer needs the truth). */
    async latestVersion(type: LegalType, market: MarketCode): Promise<number> {
      const [latest] = await versions.find({ type, market }, { sort: { version: -1 }, limit: 1 }).toArray();
      return latest?.version ?? 0;
    },

    /** Inserts a version; false when its number was taken meanwhile (the caller takes the next). */
    async insertVersion(doc: LegalVersionDoc): Promise<boolean> {
      try {
        await versions.insertOne(doc);
        return true;
      } catch (err) {
        if (isDuplicateKeyError(err)) return false;
        throw err;
      }
    },

    /** Inserts a version unless one with its id exists (the seed; never overwrites). */
    async seedVersion(doc: LegalVersionDoc): Promise<void> {
      const { _id, ...rest } = doc;
      await versions.updateOne({ _id }, { $setOnInsert: rest }, { upsert: true });
    },

    /** Stores an acceptance once: `created` false when the same person had accepted the same version (that record is answered). */
    async accept(doc: Omit<AcceptanceDoc, '_id'>): Promise<{ acceptance: AcceptanceDoc; created: boolean }> {
      const acceptance = { _id: newId(), ...doc } as AcceptanceDoc;
      try {
        await acceptances.insertOne(acceptance);
        return { acceptance, created: true };
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
        const existing = await acceptances.findOne({ userId: doc.userId, type: doc.type, market: doc.market, version: doc.version });
        if (!existing) throw err;
        return { acceptance: existing, created: false };
      }
    },

    /** The versions of `type` in `market` a person accepted. */
    async acceptedVersions(userId: string, type: LegalType, market: MarketCode): Promise<number[]> {
      const found = await acceptances.find({ userId, type, market }, { projection: { version: 1 } }).toArray();
      return found.map((a) => a.version);
    },

    /** Every acceptance of a person, oldest first (their account export). */
    async acceptancesOf(userId: string): Promise<AcceptanceDoc[]> {
      return acceptances.find({ userId }, { sort: { acceptedAt: 1 } }).toArray();
    },

    /** Erasure: the IP and user agent go; who accepted which text when stays, as evidence. Answers how many were kept. */
    async eraseRequestFacts(userId: string, at: string): Promise<number> {
      await acceptances.updateMany({ userId, erasedAt: { $exists: false } }, { $unset: { ip: '', userAgent: '' }, $set: { erasedAt: at } });
      return acceptances.countDocuments({ userId });
    },
  };
}

export type LegalRepository = ReturnType<typeof createLegalRepository>;
