import type { CreateReviewBody, ModerationLedger, Rating, ReviewHideReason, ReviewSubjectKind, ReviewSummary, UpdateReviewBody } from '@tm/contracts';
import { type Clock, DomainError, type Logger, newId } from '@tm/shared';
import type { BookingsPort } from '../ports/bookings.ts';
import type { NamesPort } from '../ports/names.ts';
import type { ReviewDoc } from './model.ts';
import type { ReviewRepository } from './repository.ts';
import { averageOf, bayesianOf, type Caller, canEdit, canSee, checkEligibility, displayNameOf, noStars, otherSide } from './rules.ts';
import { SITE_WIDE, type SummaryDoc, subjectKey } from './summaries.ts';

export interface ReviewUseCaseDeps {
  repo: ReviewRepository;
  bookings: BookingsPort;
  names: NamesPort;
  clock: Clock;
  logger: Logger;
}

/** The reviews use cases: routes validate and call one of these; the repository owns every status move. */
export function createReviewUseCases(deps: ReviewUseCaseDeps) {
  const { repo, clock } = deps;
  const nowIso = () => new Date(clock.now()).toISOString();

  /** Both sides are in: both publish together (each move counted once, whoever gets there first). */
  async function publishIfBothIn(doc: ReviewDoc): Promise<ReviewDoc> {
    const other = await repo.findSide(doc.bookingId, otherSide(doc.authorRole));
    if (!other) return doc;
    const now = nowIso();
    await repo.publish(other._id, now);
    return (await repo.publish(doc._id, now)) ?? (await repo.findById(doc._id)) ?? doc;
  }

  async function visible(id: string, caller: Caller | undefined): Promise<ReviewDoc> {
    const doc = await repo.findById(id);
    if (!doc || !canSee(doc, caller)) throw new DomainError('REVIEW_NOT_FOUND', 'No such review');
    return doc;
  }

  function summaryOf(s: SummaryDoc, prior: SummaryDoc): ReviewSummary {
    const histogram = { ...noStars(), ...s.stars };
    return { count: s.count, average: averageOf(s.count, s.sum), histogram, bayesian: bayesianOf(s.count, s.sum, prior) };
  }

  return {
    /** A side's review of a completed booking (checked against bookings' facts); pending until the other side writes or the window closes. */
    async create(caller: Caller, body: CreateReviewBody): Promise<ReviewDoc> {
      const facts = await deps.bookings.facts(body.bookingId);
      if (!facts) throw new DomainError('BOOKING_NOT_FOUND', 'No such booking');
      const e = checkEligibility(facts, caller, clock.now());
      const now = nowIso();
      const authorName = e.authorRole === 'customer' ? displayNameOf(await deps.names.nameOf(caller.sub)) : (facts.pm?.name ?? 'Project manager');
      const doc: ReviewDoc = {
        _id: newId(),
        bookingId: facts.id,
        authorRole: e.authorRole,
        authorId: caller.sub,
        authorName,
        rating: body.rating,
        ...(body.ratings ? { ratings: body.ratings } : {}),
        text: body.text.trim(),
        ...(body.lang ? { lang: body.lang } : {}),
        status: 'pending',
        subjects: e.subjects,
        completedAt: new Date(e.completedAt).toISOString(),
        publishAt: new Date(e.publishAt).toISOString(),
        reports: 0,
        createdAt: now,
        updatedAt: now,
        version: 1,
      };
      await repo.insert(doc);
      return publishIfBothIn(doc);
    },

    /** The author's change while pending; 409 REVIEW_LOCKED once published or hidden. */
    async edit(caller: Caller, id: string, body: UpdateReviewBody): Promise<ReviewDoc> {
      const set: Partial<ReviewDoc> = {};
      if (body.rating !== undefined) set.rating = body.rating;
      if (body.ratings !== undefined) set.ratings = body.ratings;
      if (body.text !== undefined) set.text = body.text.trim();
      if (body.lang !== undefined) set.lang = body.lang;
      const changed = await repo.editPending(id, caller.sub, set, nowIso());
      if (changed) return changed;
      const doc = await repo.findById(id);
      if (!doc || doc.authorId !== caller.sub) throw new DomainError('REVIEW_NOT_FOUND', 'No such review');
      if (!canEdit(doc.status))
        throw new DomainError('REVIEW_LOCKED', 'A review can be changed only until the other side has written or the window has closed');
      throw new DomainError('REVIEW_LOCKED', 'The review changed meanwhile; read it again');
    },

    get: visible,

    /** The caller's reviews and the published ones of them (never a pending PM review: double-blind). */
    mine: (caller: Caller) => repo.mine(caller.sub),

    listPublished: (subject: { serviceId?: string; pmId?: string }, page: number, limit: number) => repo.listPublished(subject, page, limit),

    async summary(kind: ReviewSubjectKind, id: string): Promise<ReviewSummary> {
      const [s, prior] = await Promise.all([repo.summaries.of(subjectKey(kind, id)), repo.summaries.of(SITE_WIDE)]);
      return summaryOf(s, prior);
    },

    /** `{count, average}` for catalog and talent, null before the first published review. */
    async rating(kind: ReviewSubjectKind, id: string): Promise<Rating | null> {
      const s = await repo.summaries.of(subjectKey(kind, id));
      const average = averageOf(s.count, s.sum);
      return s.count > 0 && average !== null ? { count: s.count, average } : null;
    },

    /** The reviewed PM's one reply to a published customer review of them. */
    async reply(caller: Caller, id: string, text: string): Promise<ReviewDoc> {
      const doc = await visible(id, caller);
      if (caller.role !== 'pm' || caller.pid === undefined || doc.authorRole !== 'customer' || doc.subjects.pmId !== caller.pid)
        throw new DomainError('FORBIDDEN', 'Only the reviewed PM may reply');
      const replied = await repo.reply(id, caller.pid, { text: text.trim(), at: nowIso(), by: caller.sub });
      if (replied) return replied;
      const now = await repo.findById(id);
      if (now?.reply) throw new DomainError('REPLY_EXISTS', 'The review already has a reply');
      throw new DomainError('REVIEW_NOT_PUBLISHED', 'Only a published review can be replied to');
    },

    /** Anyone signed in may report a review they can see; once each. */
    async report(caller: Caller, id: string, reason: string): Promise<void> {
      await visible(id, caller);
      await repo.report(id, caller.sub, reason.trim(), nowIso());
    },

    async hide(admin: Caller, id: string, reasonCode: ReviewHideReason): Promise<ReviewDoc> {
      const hidden = await repo.hide(id, reasonCode, admin.sub, nowIso());
      if (hidden) return hidden;
      if (!(await repo.findById(id))) throw new DomainError('REVIEW_NOT_FOUND', 'No such review');
      throw new DomainError('REVIEW_NOT_PUBLISHED', 'Only a published review can be hidden');
    },

    async restore(id: string): Promise<ReviewDoc> {
      const restored = await repo.restore(id, nowIso());
      if (restored) return restored;
      if (!(await repo.findById(id))) throw new DomainError('REVIEW_NOT_FOUND', 'No such review');
      throw new DomainError('REVIEW_NOT_HIDDEN', 'Only a hidden review can be restored');
    },

    /** Published and hidden customer reviews by star value: the evidence no rating is suppressed. */
    async ledger(): Promise<ModerationLedger> {
      const [l, reportsOpen] = await Promise.all([repo.summaries.ledger(), repo.openReports()]);
      const stars = (r: Record<string, number> = {}) => ({ 1: r['1'] ?? 0, 2: r['2'] ?? 0, 3: r['3'] ?? 0, 4: r['4'] ?? 0, 5: r['5'] ?? 0 });
      return { published: stars(l.published), hidden: stars(l.hidden), hiddenByReason: { ...(l.hiddenByReason ?? {}) }, reportsOpen };
    },
  };
}

export type ReviewUseCases = ReturnType<typeof createReviewUseCases>;
