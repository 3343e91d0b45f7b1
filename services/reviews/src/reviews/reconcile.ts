import type { Clock, Logger } from '@tm/shared';
import { type DocumentStore, type Filter, isDuplicateKeyError } from '@tm/shared/store';
import type { ReviewDoc } from './model.ts';
import { repeatEvery } from './repeat.ts';
import { keysOf, type LedgerDoc, type SummaryDoc } from './summaries.ts';

/**
 * How long a difference between stored totals and the reviews must stay the same before it is
 * corrected: a move's own `$inc` lands within milliseconds of its status write, so a difference it
 * makes is gone (or another) by then; one a crash left stays exactly as it is.
 */
export const QUIET_MS = 10 * 60_000;
const BATCH = 2_000;
/** The statuses the totals and the ledger count, and the ones every move leaves a review in. */
const COUNTED = ['published', 'hidden'];
/** The ledger's entry among the observed differences (subjects are `service:<id>`, `pm:<id>`, `all`). */
const LEDGER = 'ledger';
/** Differences remembered at most (a crash leaves a handful; a flood of them is corrected a part at a time). */
const MAX_OBSERVED = 10_000;

type Stars = SummaryDoc['stars'];
type Totals = { count: number; sum: number; stars: Stars };
const STARS = ['1', '2', '3', '4', '5'] as const;
const noStars = (): Stars => ({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 });
const starKey = (rating: number) => String(rating) as keyof Stars;

/** A difference seen by a pass: what it was (`sig`) and since when it has been that (epoch ms). */
type Observed = { key: string; sig: string; since: number };
/** `bump`: a pass corrected totals and has not yet moved the index's version (it died in between: the next pass moves it). */
type ObservationsDoc = { _id: 'differences'; seen: Observed[]; bump?: boolean };

/** What a pass found and corrected. */
export interface ReconcileResult {
  /** Subjects (and the site-wide totals) whose stored totals differed from their reviews and were corrected. */
  corrected: number;
  /** Differences seen for less than QUIET_MS (or changed since the last pass): left to a later pass. */
  deferred: number;
  /** Whether the moderation ledger was corrected. */
  ledger: boolean;
}

/**
 * Puts the running totals back in line with the reviews when a move's counting was cut short.
 * A status move and its summaries' `$inc` are separate writes (the store has no transactions), so
 * a process dying between them leaves a published review uncounted, or a hidden one counted; one
 * dying between the totals and the ledger leaves the ledger and the ratings index's version behind.
 *
 * A pass counts every published and hidden customer review and compares each subject's stored
 * totals, the site-wide ones and the ledger. A difference is corrected only once a pass sees the
 * very same difference that an earlier pass saw at least QUIET_MS before (the differences seen are
 * stored, `review_totals_check`, so every replica and a restarted process go on from them): a live
 * move's `$inc` on its way makes a difference that is gone or another by then, and moves made
 * meanwhile change the stored totals and the reviews alike, so they leave a crash's difference as
 * it was. The correction is a compare-and-set on the values just read (the ledger's on its count
 * of changes, which every move increments), so a move landing in between makes it fail until the
 * next pass, and replicas checking at once correct each subject once. Any correction moves the
 * ledger's `changes`, so the ratings index is rebuilt.
 */
export function createReconciler(deps: { documents: DocumentStore; clock: Clock; logger: Logger; quietMs?: number }) {
  const reviews = deps.documents.collection<ReviewDoc>('reviews');
  const summaries = deps.documents.collection<SummaryDoc>('review_summaries');
  const ledger = deps.documents.collection<LedgerDoc>('review_ledger');
  const observations = deps.documents.collection<ObservationsDoc>('review_totals_check');
  const quietMs = deps.quietMs ?? QUIET_MS;

  async function pass(): Promise<ReconcileResult> {
    const now = deps.clock.now();
    const held = await observations.findOne({ _id: 'differences' });
    const earlier = new Map((held?.seen ?? []).map((o) => [o.key, o]));
    let bump = held?.bump === true;
    /** Before the first correction: noted, so a pass dying before it moves the version leaves that to the next. */
    const noteBump = async () => {
      if (bump) return;
      await observations.updateOne({ _id: 'differences' }, { $set: { bump: true } }, { upsert: true });
      bump = true;
    };
    const next: Observed[] = [];
    /** Whether `sig` has been `key`'s difference for QUIET_MS; remembered for the next pass unless corrected now. */
    const settled = (key: string, sig: string): boolean => {
      const before = earlier.get(key);
      const since = before?.sig === sig ? before.since : now;
      if (now - since >= quietMs) return true;
      if (next.length < MAX_OBSERVED) next.push({ key, sig, since });
      return false;
    };

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
      const sig = totalsDifference(stored, want);
      if (sig === undefined) return;
      if (!settled(key, sig)) {
        deferred++;
        return;
      }
      await noteBump();
      if (stored === null) {
        const inserted = await summaries.insertOne({ _id: key, ...want }).then(() => true, lostRace);
        if (inserted) corrected++;
        return;
      }
      const read: Filter = { _id: key, count: stored.count, sum: stored.sum };
      // A star value never counted is missing, not 0 (the $inc writes only the ones it moves): null matches missing.
      for (const star of STARS) {
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
    const ledgerSig = ledgerDifference(storedLedger, book);
    const ledgerDue = ledgerSig !== undefined && settled(LEDGER, ledgerSig);
    if (ledgerSig !== undefined && !ledgerDue) deferred++;
    if (ledgerDue) await noteBump();
    if (bump) {
      // Moving `changes` tells the ratings index its body is out of date, whether the ledger itself or only totals were wrong.
      const changes = storedLedger?.changes ?? 0;
      const set = ledgerDue ? { published: book.published, hidden: book.hidden, hiddenByReason: book.hiddenByReason } : {};
      if (storedLedger === null) {
        ledgerFixed = await ledger.insertOne({ _id: 'ledger', ...book, changes: 1 }).then(() => true, lostRace);
      } else {
        const result = await ledger.updateOne({ _id: 'ledger', changes }, { $set: { ...set, changes: changes + 1 } });
        ledgerFixed = result.matchedCount === 1 && ledgerDue;
      }
    }
    // The version has moved (by this pass, or by a move that beat its compare-and-set after the corrections).
    if (next.length > 0 || earlier.size > 0 || bump)
      await observations.updateOne({ _id: 'differences' }, { $set: { seen: next, bump: false } }, { upsert: true });
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

/** What would have to be added to `stored` to make `want`, as text (undefined: nothing). */
function totalsDifference(stored: SummaryDoc | null, want: Totals): string | undefined {
  const parts = [want.count - (stored?.count ?? 0), want.sum - (stored?.sum ?? 0), ...STARS.map((star) => want.stars[star] - (stored?.stars?.[star] ?? 0))];
  return parts.every((d) => d === 0) && stored !== null ? undefined : parts.join(',');
}

/** The same for the ledger's three count maps (a missing key and a zero being the same). */
function ledgerDifference(stored: LedgerDoc | null, want: Record<'published' | 'hidden' | 'hiddenByReason', Record<string, number>>): string | undefined {
  const parts: string[] = [];
  for (const field of ['published', 'hidden', 'hiddenByReason'] as const) {
    const have = stored?.[field] ?? {};
    for (const key of [...new Set([...Object.keys(have), ...Object.keys(want[field])])].sort()) {
      const d = (want[field][key] ?? 0) - (have[key] ?? 0);
      if (d !== 0) parts.push(`${field}.${key}:${d}`);
    }
  }
  return parts.length === 0 ? undefined : parts.join(',');
}

export type Reconciler = ReturnType<typeof createReconciler>;
