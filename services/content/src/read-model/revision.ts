import type { Clock } from '@tm/shared';
import type { ChangeMarker } from '@tm/shared/search';
import type { DocumentStore } from '@tm/shared/store';

interface RevisionDoc {
  _id: string;
  rev: number;
  updatedAt: string;
  [key: string]: unknown;
}

const ID = 'revision';

/**
 * One counter every write to published content moves (legal versions, bundles, pages): the read
 * model of every replica reads it cheaply and rebuilds only when it moved.
 */
export function createRevision(documents: DocumentStore, clock: Clock) {
  const meta = documents.collection<RevisionDoc>('content_meta');
  return {
    async bump(): Promise<void> {
      await meta.updateOne({ _id: ID }, { $inc: { rev: 1 }, $set: { updatedAt: new Date(clock.now()).toISOString() } }, { upsert: true });
    },
    async marker(): Promise<ChangeMarker> {
      const doc = await meta.findOne({ _id: ID });
      return { total: doc?.rev ?? 0, active: 0, latest: doc?.updatedAt ?? null };
    },
  };
}

export type Revision = ReturnType<typeof createRevision>;
