import type { ReviewHideReason, ReviewSubjectKind } from '@tm/contracts';
import type { DocumentStore } from '@tm/shared/store';
import type { ReviewDoc } from './model.ts';

/**
 * Running totals of published customer reviews, one document per subject (`service:<id>`,
 * `pm:<id>`) and one site-wide (`all`, the Bayesian prior), plus the moderation ledger
 * (`ledger`: published and hidden counts by star value). Every change is an atomic `$inc` in the
 * same store, made only by the one caller whose conditional status update won (repository.ts), so
 * N parallel publications add exactly N and hide-then-restore returns to the same numbers.
 */
export type SummaryDoc = {
  _id: string;
  count: number;
  sum: number;
  stars: Record<'1' | '2' | '3' | '4' | '5', number>;
};
export type LedgerDoc = {
  _id: 'ledger';
  published?: Record<string, number>;
  hidden?: Record<string, number>;
  hiddenByReason?: Record<string, number>;
  /** One more at every publication, hide and restore, and at a totals check that corrected something (reconcile.ts): the ratings index's version (its ETag). */
  changes?: number;
};

export const SITE_WIDE = 'all';
export const subjectKey = (kind: ReviewSubjectKind, id: string) => `${kind}:${id}`;

/** The summary keys a customer review counts towards (a PM's review of a customer counts nowhere public). */
export function keysOf(doc: Pick<ReviewDoc, 'authorRole' | 'subjects'>): string[] {
  if (doc.authorRole !== 'customer') return [];
  const keys = doc.subjects.serviceIds.map((id) => subjectKey('service', id));
  if (doc.subjects.pmId !== null) keys.push(subjectKey('pm', doc.subjects.pmId));
  return [...keys, SITE_WIDE];
}

export function createSummaries(documents: DocumentStore) {
  const summaries = documents.collection<SummaryDoc>('review_summaries');
  const ledger = documents.collection<LedgerDoc>('review_ledger');

  const addTo = (doc: ReviewDoc, sign: 1 | -1) =>
    Promise.all(
      keysOf(doc).map((key) =>
        summaries.updateOne({ _id: key }, { $inc: { count: sign, sum: sign * doc.rating, [`stars.${doc.rating}`]: sign } }, { upsert: true }),
      ),
    );
  // After the summaries' $inc, so a reader that sees the new count of changes sees the new totals.
  const ledgerInc = (inc: Record<string, number>) => ledger.updateOne({ _id: 'ledger' }, { $inc: { ...inc, changes: 1 } }, { upsert: true });

  return {
    /** A customer review just became published (from pending, or restored from hidden). */
    async published(doc: ReviewDoc, restoredFrom?: ReviewHideReason): Promise<void> {
      if (doc.authorRole !== 'customer') return;
      await addTo(doc, 1);
      const r = String(doc.rating);
      await ledgerInc(restoredFrom ? { [`published.${r}`]: 1, [`hidden.${r}`]: -1, [`hiddenByReason.${restoredFrom}`]: -1 } : { [`published.${r}`]: 1 });
    },
    /** A published customer review was hidden. */
    async hidden(doc: ReviewDoc, reason: ReviewHideReason): Promise<void> {
      if (doc.authorRole !== 'customer') return;
      await addTo(doc, -1);
      const r = String(doc.rating);
      await ledgerInc({ [`published.${r}`]: -1, [`hidden.${r}`]: 1, [`hiddenByReason.${reason}`]: 1 });
    },
    /** The totals of one key; zeros when nothing was ever published there. */
    async of(key: string): Promise<SummaryDoc> {
      return (await summaries.findOne({ _id: key })) ?? { _id: key, count: 0, sum: 0, stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } };
    },
    /** Every subject's totals with a published review (not the site-wide one), in batches. */
    subjects(batchSize: number): AsyncIterable<SummaryDoc[]> {
      return summaries.find({ count: { $gt: 0 } }, { sort: { _id: 1 } }).batches(batchSize);
    },
    async ledger(): Promise<LedgerDoc> {
      return (await ledger.findOne({ _id: 'ledger' })) ?? { _id: 'ledger', published: {}, hidden: {}, hiddenByReason: {} };
    },
  };
}

export type Summaries = ReturnType<typeof createSummaries>;
