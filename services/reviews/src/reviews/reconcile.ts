import type { Clock, Logger } from '@tm/shared';
import { type DocumentStore, type Filter, isDuplicateKeyError } from '@tm/shared/store';
import type { ReviewDoc } from './model.ts';
import { repeatEvery } from './repeat.ts';
import { keysOf, type LedgerDoc, SITE_WIDE, type SummaryDoc } from './summaries.ts';

/** How long a subject must have had no review move before its totals are corrected (a live move's `$inc` lands within ms of it). */
export const QUIET_MS = 10 * 60_000;
const BATCH = 2_000;
/** The statuses the totals and the ledger count, and the ones every move leaves a review in. */
const COUNTED = ['published', 'hidden'];

type Stars = SummaryDoc['stars'];
type Totals = { count: number; sum: number; stars: Stars };
const noStars = (): Stars => ({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 });
const starKey = (rating: number) => String(rating) as keyof Stars;

/** What a pass found and corrected. */
export interface ReconcileResult {
  /** Subjects (and the site-wide totals) whose stored totals differed from their reviews and were corrected. */
  corrected: number;
  /** Subjects that differed but had a review move within QUIET_MS: left to the next pass. */
  deferred: number;
  /** Whether the moderation ledger was corrected. */
  ledger: boolean;
}

/**
 * Puts the running totals back in line with the reviews when a move's counting was cut short.
 * A status move and its summaries' `$inc` are separate writes (the store has no transactions), so
 * a process dying between them leaves a published review uncounted, or a hidden one counted; one
 * dying between the totals and the ledger leaves the ratings index's version unmoved. A pass counts
 * every published and hidden customer review, compares each subject's stored totals (and the
 * site-wide ones, and the ledger) and corrects those that differ with a compare-and-set on the
 * values it read, then moves the ledger's `changes` so the ratings index is rebuilt. A subject with
 * a review moved in the last QUIET_MS (asked after its totals were read) is left alone: that move's
 * own `$inc` may be on its way; so are the site-wide totals and the ledger while any review moved.
 * A move after that question either lands before the correction (whose compare-and-set then
 * fails) or after it, adding to totals counted without it. Replicas may run passes at once: each correction is conditional
 * on the values read, so a second one finds nothing to do or loses its compare-and-set.
 */
export function createReconciler(deps: { documents: DocumentStore; clock: Clock; logger: Logger; quietMs?: number }) {
  const reviews = deps.documents.collection<ReviewDoc>('reviews');
  const summaries = deps.documents.collection<SummaryDoc>('review_summaries');
  const ledger = deps.documents.collection<LedgerDoc>('review_ledger');
  const quietMs = deps.quietMs ?? QUIET_MS;

  /**
   * Whether a review of the subject (any review for the site-wide totals) moved since `since`: read
   * after the stored totals, so a move whose `$inc` may not have landed yet is always seen. Every
   * move leaves its review published or hidden with `updatedAt` set; a pending review written or
   * edited meanwhile moves no totals, so it defers nothing (on a busy site one is written every few
   * minutes, which would otherwise hold the site-wide totals and the ledger back for good).
   */
  async function movedSince(key: string, since: string): Promise<boolean> {
    const at = key.indexOf(':');
    const kind = at < 0 ? key : key.slice(0, at);
    const id = key.slice(at + 1);
    const subject: Filter = kind === 'service' ? { 'subjects.serviceIds': id } : kind === 'pm' ? { 'subjects.pmId': id } : {};
    const filter: Filter = { ...subject, authorRole: 'customer', status: { $in: COUNTED }, updatedAt: { $gt: since } };
    return (await reviews.findOne(filter, { projection: { _id: 1 } })) !== null;
  }

  async function pass(): Promise<ReconcileResult> {
    const quietSince = new Date(deps.clock.now() - quietMs).toISOString();
    const expected = new Map<string, Totals>();
    const book = { published: {} as Record<string, number>, hidden: {} as Record<string, number>, hiddenByReason: {} as Record<string, number> };
    const add = (into: Record<string, number>, key: string) => {
      into[key] = (into[key] ?? 0) + 1;
    };
    const filter: Filter = { authorRole: 'customer', status: { $in: COUNTED } };
    const projection = { subjects: 1, rating: 1, status: 1, hidden: 1, authorRole: 1 } as const;
    for await (const batch of reviews.find(filter, { projection }).batches(BATCH)) {
      for (const doc of batch) {
        const rating = starKey(doc.rating);
        if (doc.status === 'hidden') {
          add(book.hidden, rating);
          add(book.hiddenByReason, doc.hidden?.reasonCode ?? 'spam');
        } else add(book.published, rating);
        if (doc.status !== 'published') continue;
        for (const key of keysOf(doc)) {
          let totals = expected.get(key);
          if (totals === undefined) {
            totals = { count: 0, sum: 0, stars: noStars() };
            expected.set(key, totals);
          }
          totals.count++;
          totals.sum += doc.rating;
          totals.stars[rating]++;
        }
      }
    }

    let corrected = 0;
    let deferred = 0;
    const correct = async (key: string, stored: SummaryDoc | null, want: Totals) => {
      if (stored !== null && sameTotals(stored, want)) return;
      if (await movedSince(key, quietSince)) {
        deferred++;
        return;
      }
      if (stored === null) {
        const inserted = await summaries.insertOne({ _id: key, ...want }).then(() => true, lostRace);
        if (inserted) corrected++;
        return;
      }
      const read: Filter = { _id: key, count: stored.count, sum: stored.sum };
      // A star value never counted is missing, not 0 (the $inc writes only the ones it moves): null matches missing.
      for (const star of ['1', '2', '3', '4', '5'] as const) {
        const value = stored.stars?.[star] ?? 0;
        read[`stars.${star}`] = value === 0 ? { $in: [0, null] } : value;
      }
      const result = await summaries.updateOne(read, { $set: { count: want.count, sum: want.sum, stars: want.stars } });
      if (result.matchedCount === 1) corrected++;
    };
    const seen = new Set<string>();
    for await (const batch of summaries.find({}).batches(BATCH)) {
      for (const stored of batch) {
        seen.add(stored._id);
        await correct(stored._id, stored, expected.get(stored._id) ?? { count: 0, sum: 0, stars: noStars() });
      }
    }
    for (const [key, want] of expected) if (!seen.has(key)) await correct(key, null, want);

    let ledgerFixed = false;
    const storedLedger = await ledger.findOne({ _id: 'ledger' });
    const ledgerDiffers =
      !sameCounts(storedLedger?.published, book.published) ||
      !sameCounts(storedLedger?.hidden, book.hidden) ||
      !sameCounts(storedLedger?.hiddenByReason, book.hiddenByReason);
    if (ledgerDiffers && (await movedSince(SITE_WIDE, quietSince))) deferred++;
    else if (ledgerDiffers || corrected > 0) {
      // Moving `changes` tells the ratings index its body is out of date, whether the ledger itself or only totals were wrong.
      const changes = storedLedger?.changes ?? 0;
      const set = ledgerDiffers ? { published: book.published, hidden: book.hidden, hiddenByReason: book.hiddenByReason } : {};
      if (storedLedger === null) {
        ledgerFixed = await ledger.insertOne({ _id: 'ledger', ...book, changes: 1 }).then(() => true, lostRace);
      } else {
        const result = await ledger.updateOne({ _id: 'ledger', changes }, { $set: { ...set, changes: changes + 1 } });
        ledgerFixed = result.matchedCount === 1 && ledgerDiffers;
      }
    }
    if (corrected > 0 || ledgerFixed) deps.logger.warn('review totals corrected from the reviews', { corrected, ledger: ledgerFixed, deferred });
    return { corrected, deferred, ledger: ledgerFixed };
  }

  return { pass, ...repeatEvery(pass, deps.logger, 'review totals check failed') };
}

/** An insert that found the document there (a live move's upsert, or another replica, was first): nothing to do. Any other failure fails the pass. */
function lostRace(err: unknown): false {
  if (isDuplicateKeyError(err)) return false;
  throw err;
}

function sameTotals(stored: SummaryDoc, want: Totals): boolean {
  if (stored.count !== want.count || stored.sum !== want.sum) return false;
  for (const star of ['1', '2', '3', '4', '5'] as const) if ((stored.stars?.[star] ?? 0) !== want.stars[star]) return false;
  return true;
}

/** Two count maps alike, a missing key and a zero being the same. */
function sameCounts(stored: Record<string, number> | undefined, want: Record<string, number>): boolean {
  const keys = new Set([...Object.keys(stored ?? {}), ...Object.keys(want)]);
  for (const key of keys) if ((stored?.[key] ?? 0) !== (want[key] ?? 0)) return false;
  return true;
}

export type Reconciler = ReturnType<typeof createReconciler>;
