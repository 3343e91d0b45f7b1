import type { PublicReview, Review, ReviewAuthorRole, ReviewHideReason, ReviewStatus, SubRatings } from '@tm/contracts';
import type { Subjects } from './rules.ts';

/** A review as stored. `authorId` is null once the author's account is erased (the text stays, shown as "former customer"). */
export type ReviewDoc = {
  _id: string;
  bookingId: string;
  authorRole: ReviewAuthorRole;
  authorId: string | null;
  /** Set when the author's account is erased: a one-way key of the id, never the id. */
  erasedKey?: string;
  /** First name and initial, fixed when written. */
  authorName: string;
  rating: number;
  ratings?: SubRatings;
  text: string;
  lang?: string;
  status: ReviewStatus;
  subjects: Subjects;
  completedAt: string;
  /** When it publishes without the other side (completion + the window); the sweeper's key. */
  publishAt: string;
  publishedAt?: string;
  hidden?: { reasonCode: ReviewHideReason; at: string; by: string };
  /** `by` is the replying PM's account, dropped when that account is erased. */
  reply?: { text: string; at: string; by?: string };
  /** How many people reported it (one report each). */
  reports: number;
  createdAt: string;
  updatedAt: string;
  version: number;
};

/** The review as its author, the reviewed customer or an admin reads it. */
export function toReview(doc: ReviewDoc): Review {
  return {
    id: doc._id,
    bookingId: doc.bookingId,
    authorRole: doc.authorRole,
    rating: doc.rating,
    ...(doc.ratings ? { ratings: doc.ratings } : {}),
    text: doc.text,
    ...(doc.lang ? { lang: doc.lang } : {}),
    status: doc.status,
    ...(doc.reply ? { reply: { text: doc.reply.text, at: doc.reply.at } } : {}),
    ...(doc.publishedAt ? { publishedAt: doc.publishedAt } : {}),
    createdAt: doc.createdAt,
  };
}

/** A published customer review as the public reads it: no ids but its own, no contact, the author by first name and initial. */
export function toPublicReview(doc: ReviewDoc): PublicReview {
  return {
    id: doc._id,
    author: doc.authorName,
    rating: doc.rating,
    ...(doc.ratings ? { ratings: doc.ratings } : {}),
    text: doc.text,
    ...(doc.lang ? { lang: doc.lang } : {}),
    ...(doc.reply ? { reply: { text: doc.reply.text, at: doc.reply.at } } : {}),
    publishedAt: doc.publishedAt ?? doc.updatedAt,
    verified: true,
  };
}
