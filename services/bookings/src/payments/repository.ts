import type { DocumentStore, Filter, Update } from '@tm/shared/store';
import type { PaymentDoc } from './model.ts';

/** A provider event we have seen, by `<provider>:<eventId>`: the insert that makes applying it idempotent. */
export interface PaymentEventDoc {
  _id: string;
  receivedAt: Date;
  kind: string;
  outcome?: string;
  [key: string]: unknown;
}

/** The payments and provider-events collections. */
export function createPaymentRepository(documents: DocumentStore) {
  const payments = documents.collection<PaymentDoc>('payments');
  const events = documents.collection<PaymentEventDoc>('payment_events');
  return {
    payments,
    events,
    async ensureIndexes() {
      await payments.createIndex({ liveKey: 1 }, { unique: true, sparse: true, name: 'one_live_payment_per_booking' });
      await payments.createIndex({ providerRef: 1 }, { unique: true, sparse: true, name: 'provider_ref_unique' });
      await payments.createIndex({ bookingId: 1, createdAt: -1 });
      await payments.createIndex({ status: 1, updatedAt: 1 });
      await payments.createIndex({ 'refund.state': 1, 'refund.nextAttemptAt': 1 });
    },
    findById: (id: string) => payments.findOne({ _id: id }),
    findLive: (bookingId: string) => payments.findOne({ liveKey: bookingId }),
    findByRef: (providerRef: string) => payments.findOne({ providerRef }),
    listForBooking: (bookingId: string) => payments.find({ bookingId }, { sort: { createdAt: -1, _id: -1 }, limit: 100 }).toArray(),
    find: (filter: Filter, limit = 100) => payments.find(filter, { limit }).toArray(),
    update: (filter: Filter, update: Update) => payments.findOneAndUpdate(filter, update, { returnDocument: 'after' }),
  };
}

export type PaymentRepository = ReturnType<typeof createPaymentRepository>;
