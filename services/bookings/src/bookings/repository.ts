import { type DocumentStore, type Filter, isDuplicateKeyError, type Update } from '@tm/shared/store';
import type { BookingDoc, HistoryEntry } from './model.ts';

/** Crockford-style alphabet without 0/O/1/I/L/U: a number read over the phone is not misheard. */
const NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A booking number such as BK-7Q4M2X9A (8 characters from a CSPRNG). */
export function newBookingNumber(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  let s = '';
  for (const b of bytes) s += NUMBER_ALPHABET[b % NUMBER_ALPHABET.length];
  return `BK-${s}`;
}

/** The bookings collection: every write is one document operation, every state change conditional. */
export function createBookingRepository(documents: DocumentStore) {
  const bookings = documents.collection<BookingDoc>('bookings');
  return {
    async ensureIndexes() {
      await bookings.createIndex({ number: 1 }, { unique: true, name: 'number_unique' });
      await bookings.createIndex({ customerId: 1, createdAt: -1 });
      await bookings.createIndex({ 'pm.id': 1, createdAt: -1 });
      await bookings.createIndex({ status: 1, expiresAt: 1 });
    },

    /** Inserts a booking, drawing a new number on the (rare) clash with an existing one. */
    async insert(doc: Omit<BookingDoc, 'number'>): Promise<BookingDoc> {
      for (let attempt = 0; ; attempt++) {
        const full = { ...doc, number: newBookingNumber() } as BookingDoc;
        try {
          await bookings.insertOne(full);
          return full;
        } catch (err) {
          if (!isDuplicateKeyError(err) || attempt >= 5) throw err;
        }
      }
    },

    findById(id: string): Promise<BookingDoc | null> {
      return bookings.findOne({ _id: id });
    },

    async list(filter: Filter, page: number, limit: number): Promise<{ items: BookingDoc[]; total: number }> {
      const [items, total] = await Promise.all([
        bookings.find(filter, { sort: { createdAt: -1, _id: -1 }, skip: (page - 1) * limit, limit }).toArray(),
        bookings.countDocuments(filter),
      ]);
      return { items, total };
    },

    /**
     * The one write that changes a booking's status (bookings/lifecycle.ts is its only caller):
     * one conditional update on `filter` (id, status, and a version or an expiry when the caller
     * has them) that sets the change, appends its history entry and moves the version on, so of
     * two racing changes exactly one is applied; null when the booking moved on meanwhile.
     */
    applyTransition(filter: Filter, set: Record<string, unknown>, entry: HistoryEntry): Promise<BookingDoc | null> {
      const update: Update = { $set: set, $push: { history: entry }, $inc: { version: 1 } };
      return bookings.findOneAndUpdate(filter, update, { returnDocument: 'after' });
    },

    find(filter: Filter, limit = 100): Promise<BookingDoc[]> {
      return bookings.find(filter, { limit, sort: { createdAt: 1 } }).toArray();
    },

    updateMany(filter: Filter, update: Update) {
      return bookings.updateMany(filter, update);
    },
  };
}

export type BookingRepository = ReturnType<typeof createBookingRepository>;
