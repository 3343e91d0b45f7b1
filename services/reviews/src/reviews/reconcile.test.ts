/**
 * The totals check: a status move and its summaries' `$inc` are separate writes, so a process
 * dying between them (or between the totals and the ledger) is shown here by making the move's
 * writes by hand, leaving out the rest. The check corrects a difference once it has seen the very
 * same one QUIET_MS earlier (a live move's difference is gone or another by then), moves the
 * ratings index's version, leaves healthy totals alone, and several replicas checking at once
 * correct each subject once.
 */
import { describe, expect, it } from 'bun:test';
import { buildParts } from '../app.ts';
import { createReviewsUnderTest, type ReviewsUnderTest } from '../testing.ts';
import type { ReviewDoc } from './model.ts';
import { createReconciler, QUIET_MS } from './reconcile.ts';
import type { LedgerDoc, SummaryDoc } from './summaries.ts';

const DAY = 86_400_000;
const text = 'Clear plans, weekly updates and the launch landed on the agreed day.';

/** Reviews of svc-1 (and PM pm-profile-1) with these ratings, published by the window sweeper. */
async function withPublished(ratings: number[]): Promise<ReviewsUnderTest & { pendingIds: string[] }> {
  const t = await createReviewsUnderTest();
  const customer = await t.tokenFor('customer', 'cust-1');
  const writeFor = async (rating: number) => {
    const res = await t.call('POST', '/reviews', { token: customer.token, body: { bookingId: t.completedBooking(customer.sub), rating, text } });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };
  for (const rating of ratings) await writeFor(rating);
  t.clock.advance(14 * DAY);
  await t.parts.sweeper.sweep();
  // Two more, still pending: the crashes below move them by hand.
  const pendingIds = [await writeFor(5), await writeFor(1)];
  return { ...t, pendingIds };
}

const reviewsOf = (t: ReviewsUnderTest) => t.deps.documents.collection<ReviewDoc>('reviews');
const ledgerOf = async (t: ReviewsUnderTest) => t.deps.documents.collection<LedgerDoc>('review_ledger').findOne({ _id: 'ledger' });
const summaryOf = async (t: ReviewsUnderTest) => (await t.call('GET', '/reviews/summary?serviceId=svc-1')).body.data;
const storedTotals = (t: ReviewsUnderTest) =>
  t.deps.documents
    .collection<SummaryDoc>('review_summaries')
    .find({}, { sort: { _id: 1 } })
    .toArray();

/** A pass that sees the differences for the first time (deferring them), then QUIET_MS later. */
async function observeThenWait(t: ReviewsUnderTest) {
  const first = await t.parts.reconciler.pass();
  expect(first.corrected).toBe(0);
  t.clock.advance(QUIET_MS);
  return first;
}

/** The status write of a publication whose process died before its summaries' `$inc`. */
async function publishedThenDied(t: ReviewsUnderTest, id: string) {
  const now = new Date(t.clock.now()).toISOString();
  await reviewsOf(t).updateOne({ _id: id }, { $set: { status: 'published', publishedAt: now, updatedAt: now }, $inc: { version: 1 } });
}

describe('the review totals check', () => {
  it('leaves healthy totals and the index version alone', async () => {
    const t = await withPublished([5, 4, 3]);
    const before = { totals: await storedTotals(t), ledger: await ledgerOf(t) };
    t.clock.advance(QUIET_MS + 1);
    expect(await t.parts.reconciler.pass()).toEqual({ corrected: 0, deferred: 0, ledger: false });
    expect({ totals: await storedTotals(t), ledger: await ledgerOf(t) }).toEqual(before);
  });

  it('counts a publication whose process died before its totals once the same difference was seen QUIET_MS earlier, and moves the index version', async () => {
    const t = await withPublished([5, 4, 3]);
    const [id] = t.pendingIds;
    await publishedThenDied(t, String(id));
    expect((await summaryOf(t)).count).toBe(3);
    const { etag } = (await t.call('GET', '/internal/ratings-index.ndjson')).headers.toJSON() as { etag: string };
    // Seen for the first time, the difference may be a move whose own $inc is on its way: nothing is corrected.
    expect(await t.parts.reconciler.pass()).toEqual({ corrected: 0, deferred: 4, ledger: false });
    t.clock.advance(QUIET_MS - 1);
    expect(await t.parts.reconciler.pass()).toEqual({ corrected: 0, deferred: 4, ledger: false });
    expect((await summaryOf(t)).count).toBe(3);
    t.clock.advance(1);
    // The service's, the PM's and the site-wide totals, and the ledger.
    expect(await t.parts.reconciler.pass()).toEqual({ corrected: 3, deferred: 0, ledger: true });
    const summary = await summaryOf(t);
    expect(summary.count).toBe(4);
    expect(summary.histogram).toEqual({ 1: 0, 2: 0, 3: 1, 4: 1, 5: 2 });
    expect((await ledgerOf(t))?.published).toMatchObject({ 3: 1, 4: 1, 5: 2 });
    const after = await t.call('GET', '/internal/ratings-index.ndjson');
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(after.body.raw).toContain('"count":4');
    expect(await t.parts.reconciler.pass()).toEqual({ corrected: 0, deferred: 0, ledger: false });
  });

  it('is not held back by pending reviews written or edited meanwhile (they move no totals)', async () => {
    const t = await withPublished([5, 4, 3]);
    const [crashed, stillPending] = t.pendingIds;
    await publishedThenDied(t, String(crashed));
    await observeThenWait(t);
    // Just now: a new review of the same service and PM (pending, the PM has not written), and an edit of a pending one.
    const customer = await t.tokenFor('customer', 'cust-2');
    const written = await t.call('POST', '/reviews', { token: customer.token, body: { bookingId: t.completedBooking(customer.sub), rating: 1, text } });
    expect(written.body.data.status).toBe('pending');
    const cust1 = await t.tokenFor('customer', 'cust-1');
    expect((await t.call('PATCH', `/reviews/${stillPending}`, { token: cust1.token, body: { rating: 2 } })).status).toBe(200);
    expect(await t.parts.reconciler.pass()).toEqual({ corrected: 3, deferred: 0, ledger: true });
    expect((await summaryOf(t)).histogram).toEqual({ 1: 0, 2: 0, 3: 1, 4: 1, 5: 2 });
  });

  it('writes totals never created, loses quietly to a document that appeared meanwhile, and fails the pass on any other store error', async () => {
    const t = await withPublished([5]);
    const summaries = t.deps.documents.collection<SummaryDoc>('review_summaries');
    // As if the service's first publication died before its upsert.
    await summaries.deleteMany({ _id: 'service:svc-1' });
    await observeThenWait(t);
    /** The store, its review_summaries' insertOne replaced by `insert`. */
    const withInsert = (insert: (real: typeof summaries.insertOne, doc: SummaryDoc) => Promise<void>) =>
      new Proxy(t.deps.documents, {
        get(target, prop, receiver) {
          if (prop !== 'collection') return Reflect.get(target, prop, receiver);
          return (name: string) => {
            const c = target.collection<SummaryDoc>(name);
            if (name !== 'review_summaries') return c;
            return new Proxy(c, {
              get: (coll, key, r) => (key === 'insertOne' ? (doc: SummaryDoc) => insert(coll.insertOne.bind(coll), doc) : Reflect.get(coll, key, r)),
            });
          };
        },
      });
    const failing = createReconciler({ documents: withInsert(() => Promise.reject(new Error('store away'))), clock: t.clock, logger: t.deps.logger });
    await expect(failing.pass()).rejects.toThrow('store away');
    // Another replica's insert lands first: not counted as this pass's correction, and no error.
    const beaten = withInsert(async (real, doc) => {
      await real({ ...doc });
      await real(doc);
    });
    expect(await createReconciler({ documents: beaten, clock: t.clock, logger: t.deps.logger }).pass()).toEqual({ corrected: 0, deferred: 0, ledger: false });
    expect(await summaries.findOne({ _id: 'service:svc-1' })).toMatchObject({ count: 1, sum: 5, stars: { 5: 1 } });
    expect(await t.parts.reconciler.pass()).toEqual({ corrected: 0, deferred: 0, ledger: false });
  });

  it('takes back a hidden review still counted, and fixes a ledger a process died before', async () => {
    const t = await withPublished([5, 2]);
    const two = await reviewsOf(t).findOne({ rating: 2, status: 'published' });
    const now = new Date(t.clock.now()).toISOString();
    // The hide's status write, then death: still counted, and the ledger says nothing of it.
    await reviewsOf(t).updateOne(
      { _id: String(two?._id) },
      { $set: { status: 'hidden', hidden: { reasonCode: 'abuse', at: now, by: 'admin-1' }, updatedAt: now }, $inc: { version: 1 } },
    );
    const changes = (await ledgerOf(t))?.changes ?? 0;
    await observeThenWait(t);
    expect(await t.parts.reconciler.pass()).toEqual({ corrected: 3, deferred: 0, ledger: true });
    expect((await summaryOf(t)).count).toBe(1);
    const ledger = await ledgerOf(t);
    expect(ledger).toMatchObject({ published: { 5: 1 }, hidden: { 2: 1 }, hiddenByReason: { abuse: 1 } });
    expect(ledger?.published?.['2'] ?? 0).toBe(0);
    expect(ledger?.changes).toBe(changes + 1);
  });

  it('moves the index version when only the ledger increment was lost (totals right, version old)', async () => {
    const t = await withPublished([4]);
    const [id] = t.pendingIds;
    await publishedThenDied(t, String(id));
    // The totals' $inc landed, the ledger's did not.
    const doc = await reviewsOf(t).findOne({ _id: String(id) });
    if (!doc) throw new Error('review missing');
    const summaries = t.deps.documents.collection<SummaryDoc>('review_summaries');
    for (const key of ['service:svc-1', 'pm:pm-profile-1', 'all']) await summaries.updateOne({ _id: key }, { $inc: { count: 1, sum: 5, 'stars.5': 1 } });
    const changes = (await ledgerOf(t))?.changes ?? 0;
    await observeThenWait(t);
    expect(await t.parts.reconciler.pass()).toEqual({ corrected: 0, deferred: 0, ledger: true });
    expect((await ledgerOf(t))?.changes).toBe(changes + 1);
    expect((await ledgerOf(t))?.published).toMatchObject({ 4: 1, 5: 1 });
  });

  it('moves the index version at the next pass when a pass died after its corrections and before moving it', async () => {
    const t = await withPublished([5, 4]);
    // One subject's totals short (the ledger right): only the version would tell readers.
    await t.deps.documents.collection<SummaryDoc>('review_summaries').updateOne({ _id: 'service:svc-1' }, { $inc: { count: -1, sum: -4, 'stars.4': -1 } });
    await observeThenWait(t);
    const changes = (await ledgerOf(t))?.changes ?? 0;
    // The ledger refuses the pass's write: as if the process died right after correcting the totals.
    const dying = new Proxy(t.deps.documents, {
      get(target, prop, receiver) {
        if (prop !== 'collection') return Reflect.get(target, prop, receiver);
        return (name: string) => {
          const c = target.collection(name);
          if (name !== 'review_ledger') return c;
          return new Proxy(c, { get: (coll, key, r) => (key === 'updateOne' ? () => Promise.reject(new Error('died')) : Reflect.get(coll, key, r)) });
        };
      },
    });
    await expect(createReconciler({ documents: dying, clock: t.clock, logger: t.deps.logger }).pass()).rejects.toThrow('died');
    expect((await summaryOf(t)).count).toBe(2);
    expect((await ledgerOf(t))?.changes).toBe(changes);
    // Everything is right now, yet the next pass moves the version.
    expect(await t.parts.reconciler.pass()).toEqual({ corrected: 0, deferred: 0, ledger: false });
    expect((await ledgerOf(t))?.changes).toBe(changes + 1);
    expect(await t.parts.reconciler.pass()).toEqual({ corrected: 0, deferred: 0, ledger: false });
    expect((await ledgerOf(t))?.changes).toBe(changes + 1);
  });

  it('four replicas checking at once correct each subject once', async () => {
    const t = await withPublished([5, 4, 3, 2]);
    for (const id of t.pendingIds) await publishedThenDied(t, id);
    const replicas = Array.from({ length: 4 }, () => buildParts(t.deps).reconciler);
    // Each replica sees the differences first (stored: any replica goes on from them), then corrects.
    const seen = await Promise.all(replicas.map((r) => r.pass()));
    expect(seen.map((r) => r.corrected)).toEqual([0, 0, 0, 0]);
    t.clock.advance(QUIET_MS);
    const results = await Promise.all(replicas.map((r) => r.pass()));
    expect(results.reduce((n, r) => n + r.corrected, 0)).toBe(3);
    expect(results.filter((r) => r.ledger)).toHaveLength(1);
    const summary = await summaryOf(t);
    expect(summary.count).toBe(6);
    expect(summary.histogram).toEqual({ 1: 1, 2: 1, 3: 1, 4: 1, 5: 2 });
    expect(await Promise.all(replicas.map((r) => r.pass()))).toEqual(Array.from({ length: 4 }, () => ({ corrected: 0, deferred: 0, ledger: false })));
  });

  it('never undoes a live move: a publication counted by its own $inc after the check read the reviews is kept', async () => {
    const t = await withPublished([5, 4]);
    const [crashed, live] = t.pendingIds;
    await publishedThenDied(t, String(crashed));
    await observeThenWait(t);
    // The live publication lands (status and totals) while the check is between its scan of the
    // reviews and its read of the stored totals: the check's own store, the same data.
    let moved = false;
    const documents = new Proxy(t.deps.documents, {
      get(target, prop, receiver) {
        if (prop !== 'collection') return Reflect.get(target, prop, receiver);
        return (name: string) => {
          const c = target.collection(name);
          if (name !== 'review_summaries') return c;
          return new Proxy(c, {
            get(coll, key, r) {
              if (key !== 'find') return Reflect.get(coll, key, r);
              return (...args: Parameters<typeof c.find>) => {
                const cursor = coll.find(...args);
                return new Proxy(cursor, {
                  get(cur, k, rr) {
                    if (k !== 'batches' || moved) return Reflect.get(cur, k, rr);
                    moved = true;
                    return async function* (size: number) {
                      await t.parts.repo.publish(String(live), new Date(t.clock.now()).toISOString());
                      yield* cur.batches(size);
                    };
                  },
                });
              };
            },
          });
        };
      },
    });
    // Three subjects and the ledger differ from the scan otherwise than QUIET_MS ago (the live move's
    // $inc is in the stored totals, its status was not in the scan): nothing is corrected.
    expect(await createReconciler({ documents, clock: t.clock, logger: t.deps.logger }).pass()).toEqual({ corrected: 0, deferred: 4, ledger: false });
    expect(moved).toBe(true);
    // The live move is counted (its own $inc); the crashed one waits until its difference is seen alone twice.
    expect((await summaryOf(t)).histogram).toEqual({ 1: 1, 2: 0, 3: 0, 4: 1, 5: 1 });
    await observeThenWait(t);
    expect(await t.parts.reconciler.pass()).toEqual({ corrected: 3, deferred: 0, ledger: true });
    const summary = await summaryOf(t);
    expect(summary.count).toBe(4);
    expect(summary.histogram).toEqual({ 1: 1, 2: 0, 3: 0, 4: 1, 5: 2 });
  });
});
