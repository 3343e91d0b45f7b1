import type { ReviewAuthorRole, ReviewHideReason } from '@tm/contracts';
import { DomainError } from '@tm/shared';
import { type DocumentStore, type Filter, isDuplicateKeyError } from '@tm/shared/store';
import type { ReviewDoc } from './model.ts';
import { createSummaries, subjectKey } from './summaries.ts';

/**
 * The one owner of a review's status (pending → published ⇄ hidden). Each move is one
 * conditional update on the status, and only the caller whose update matched changes the
 * summaries, so racing publications, sweeps, hides and restores count each review exactly once.
 */
export function createReviewRepository(documents: DocumentStore) {
  const reviews = documents.collection<ReviewDoc>('reviews');
  const summaries = createSummaries(documents);

  return {
    summaries,
    async ensureIndexes(): Promise<void> {
      // One review per side per booking: the unique index is the rule, so two racing writes leave one.
      await reviews.createIndex({ bookingId: 1, authorRole: 1 }, { unique: true, name: 'one_per_side' });
      await reviews.createIndex({ status: 1, publishAt: 1 }, { name: 'due' });
      await reviews.createIndex({ 'subjects.serviceIds': 1, status: 1, publishedAt: -1 }, { name: 'by_service' });
      await reviews.createIndex({ 'subjects.pmId': 1, status: 1, publishedAt: -1 }, { name: 'by_pm' });
      await reviews.createIndex({ authorId: 1 }, { name: 'by_author' });
      await reviews.createIndex({ 'subjects.customerId': 1 }, { name: 'by_customer' });
    },

    /** Stores a new pending review; 409 REVIEW_EXISTS when this side already wrote one. */
    async insert(doc: ReviewDoc): Promise<void> {
      try {
        await reviews.insertOne(doc);
      } catch (err) {
        if (isDuplicateKeyError(err)) throw new DomainError('REVIEW_EXISTS', 'This side of the booking has already written its review');
        throw err;
      }
    },

    findById: (id: string) => reviews.findOne({ _id: id }),
    findSide: (bookingId: string, authorRole: ReviewAuthorRole) => reviews.findOne({ bookingId, authorRole }),

    /** The author's change of a pending review; null when it is not pending (or not theirs). */
    async editPending(id: string, authorId: string, set: Partial<ReviewDoc>, now: string): Promise<ReviewDoc | null> {
      return reviews.findOneAndUpdate(
        { _id: id, authorId, status: 'pending' },
        { $set: { ...set, updatedAt: now }, $inc: { version: 1 } },
        { returnDocument: 'after' },
      );
    },

    /** pending → published; the summaries change only when this call made the move. */
    async publish(id: string, now: string): Promise<ReviewDoc | null> {
      const doc = await reviews.findOneAndUpdate(
        { _id: id, status: 'pending' },
        { $set: { status: 'published', publishedAt: now, updatedAt: now }, $inc: { version: 1 } },
        { returnDocument: 'after' },
      );
      if (doc) await summaries.published(doc);
      return doc;
    },

    /** published → hidden with a reason code; null when it was not published. */
    async hide(id: string, reasonCode: ReviewHideReason, by: string, now: string): Promise<ReviewDoc | null> {
      const doc = await reviews.findOneAndUpdate(
        { _id: id, status: 'published' },
        { $set: { status: 'hidden', hidden: { reasonCode, at: now, by }, updatedAt: now }, $inc: { version: 1 } },
        { returnDocument: 'after' },
      );
      if (doc) await summaries.hidden(doc, reasonCode);
      return doc;
    },

    /** hidden → published; null when it was not hidden. */
    async restore(id: string, now: string): Promise<ReviewDoc | null> {
      const before = await reviews.findOneAndUpdate(
        { _id: id, status: 'hidden' },
        { $set: { status: 'published', updatedAt: now }, $unset: { hidden: '' }, $inc: { version: 1 } },
        { returnDocument: 'before' },
      );
      if (!before) return null;
      const after: ReviewDoc = { ...before, status: 'published', updatedAt: now };
      delete after.hidden;
      await summaries.published(after, before.hidden?.reasonCode ?? 'spam');
      return after;
    },

    /** The reviewed PM's one reply to a published customer review; null when it does not qualify or already has one. */
    async reply(id: string, pmId: string, reply: { text: string; at: string; by: string }): Promise<ReviewDoc | null> {
      return reviews.findOneAndUpdate(
        { _id: id, status: 'published', authorRole: 'customer', 'subjects.pmId': pmId, reply: { $exists: false } },
        { $set: { reply, updatedAt: reply.at }, $inc: { version: 1 } },
        { returnDocument: 'after' },
      );
    },

    /** Pending reviews whose window has closed, oldest first. */
    async due(now: string, limit: number): Promise<ReviewDoc[]> {
      return reviews.find({ status: 'pending', publishAt: { $lte: now } }, { sort: { publishAt: 1 }, limit }).toArray();
    },

    /** Published customer reviews of one subject, newest first, and their total. */
    async listPublished(subject: { serviceId?: string; pmId?: string }, page: number, limit: number): Promise<{ items: ReviewDoc[]; total: number }> {
      const filter: Filter = { status: 'published', authorRole: 'customer' };
      if (subject.serviceId !== undefined) filter['subjects.serviceIds'] = subject.serviceId;
      if (subject.pmId !== undefined) filter['subjects.pmId'] = subject.pmId;
      // The total is the subject's summary count (the same published customer reviews), not a count over the reviews.
      const key = subject.serviceId !== undefined ? subjectKey('service', subject.serviceId) : subjectKey('pm', subject.pmId ?? '');
      const [items, summary] = await Promise.all([
        reviews.find(filter, { sort: { publishedAt: -1, _id: -1 }, skip: (page - 1) * limit, limit }).toArray(),
        summaries.of(key),
      ]);
      return { items, total: summary.count };
    },

    /** The caller's own reviews and the published PM reviews of them, newest first (`GET /reviews/mine`). */
    async mine(userId: string): Promise<{ written: ReviewDoc[]; received: ReviewDoc[] }> {
      const [written, received] = await Promise.all([
        reviews.find({ authorId: userId }, { sort: { createdAt: -1 }, limit: 500 }).toArray(),
        reviews.find({ 'subjects.customerId': userId, authorRole: 'pm', status: 'published' }, { sort: { publishedAt: -1 }, limit: 500 }).toArray(),
      ]);
      return { written, received };
    },

    /** Reviews a person wrote or received as a customer (the account export). */
    async ofPerson(userId: string): Promise<{ written: ReviewDoc[]; received: ReviewDoc[] }> {
      const [written, received] = await Promise.all([
        reviews.find({ authorId: userId }, { sort: { createdAt: 1 } }).toArray(),
        reviews.find({ 'subjects.customerId': userId, authorRole: 'pm' }, { sort: { createdAt: 1 } }).toArray(),
      ]);
      return { written, received };
    },

    /**
     * Erasure: reviews the person wrote that were never public go; published and hidden ones stay
     * without the author's id, shown as "former customer"; PM reviews of the person (seen by them
     * alone) go. Summaries are untouched (nothing published leaves). Idempotent; returns how many stay.
     */
    async erase(userId: string, formerName: string, now: string): Promise<number> {
      await reviews.deleteMany({ authorId: userId, status: 'pending' });
      await reviews.deleteMany({ 'subjects.customerId': userId, authorRole: 'pm' });
      await documents.collection<{ _id: string; by: string }>('review_reports').deleteMany({ by: userId });
      await reviews.updateMany({ 'reply.by': userId }, { $unset: { 'reply.by': '' } });
      // A one-way key instead of the id, so a repeated erasure answers the same count.
      const erasedKey = new Bun.CryptoHasher('sha256').update(`reviews-erased:${userId}`).digest('hex');
      await reviews.updateMany({ authorId: userId }, { $set: { authorId: null, authorName: formerName, erasedKey, updatedAt: now }, $inc: { version: 1 } });
      return reviews.countDocuments({ erasedKey });
    },

    /** Counts one report by `by` (again by the same person: no change); the report text is kept for admins. */
    async report(id: string, by: string, reason: string, now: string): Promise<void> {
      try {
        await documents
          .collection<{ _id: string; reviewId: string; by: string; reason: string; at: string }>('review_reports')
          .insertOne({ _id: `${id}:${by}`, reviewId: id, by, reason, at: now });
      } catch (err) {
        if (isDuplicateKeyError(err)) return;
        throw err;
      }
      await reviews.updateOne({ _id: id }, { $inc: { reports: 1 } });
    },

    /** Published customer reviews someone reported (the moderation queue's size). */
    openReports: () => reviews.countDocuments({ status: 'published', authorRole: 'customer', reports: { $gt: 0 } }),
  };
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>;
