import type { Clock } from '@tm/shared';
import { type DocumentStore, isDuplicateKeyError } from '@tm/shared/store';

/** Mails one address may get per clock hour by default (MAIL_RECIPIENT_HOURLY_LIMIT). */
export const MAIL_RECIPIENT_HOURLY_LIMIT_DEFAULT = 10;

const HOUR_MS = 60 * 60_000;

interface CountDoc {
  [key: string]: unknown;
  _id: string;
  count: number;
  expiresAt: Date;
}

/** Whether one more mail may go to an address now. */
export interface RecipientLimit {
  /** Counts a mail to `address` (case-insensitive) and answers whether it is within the hour's limit. */
  take(address: string): Promise<boolean>;
  ensureIndexes(): Promise<void>;
}

const sha256 = (s: string) => new Bun.CryptoHasher('sha256').update(s).digest('hex');

/**
 * At most `perHour` mails to one address per clock hour, counted in the document store so every
 * replica shares the count (a booking's contact email is whatever the client sent: without a
 * limit, the platform could be made to mail anyone over and over). The address is kept hashed,
 * and a count is dropped an hour after its hour ends.
 */
export function createRecipientLimit(options: { documents: DocumentStore; clock: Clock; perHour: number }): RecipientLimit {
  const counts = options.documents.collection<CountDoc>('mail_recipient_counts');
  const bump = (id: string, hour: number) =>
    counts.findOneAndUpdate(
      { _id: id },
      { $inc: { count: 1 }, $setOnInsert: { expiresAt: new Date((hour + 2) * HOUR_MS) } },
      { upsert: true, returnDocument: 'after' },
    );
  return {
    async ensureIndexes() {
      await counts.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0, name: 'mail_recipient_counts_ttl' });
    },
    async take(address) {
      const hour = Math.floor(options.clock.now() / HOUR_MS);
      const id = `${sha256(address.trim().toLowerCase())}:${hour}`;
      // Two first mails racing both upsert: the loser of the unique _id counts again on the stored one.
      const doc = await bump(id, hour).catch((err) => {
        if (isDuplicateKeyError(err)) return bump(id, hour);
        throw err;
      });
      return (doc?.count ?? 1) <= options.perHour;
    },
  };
}
