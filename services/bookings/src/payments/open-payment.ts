import { DomainError, newId } from '@tm/shared';
import { isDuplicateKeyError } from '@tm/shared/store';
import type { Actor } from '../bookings/model.ts';
import { canSee } from '../bookings/rules.ts';
import { isoNow, type PaymentDeps, providerOf } from './deps.ts';
import type { PaymentDoc } from './model.ts';
import { ProviderUnavailableError } from './provider.ts';

const DEFAULT_LEASE_MS = 30_000;
/** How long a request waits for a racing request's provider call before answering 409 PAYMENT_OPENING. */
const WAIT_FOR_OPEN_MS = 5_000;

/**
 * `POST /payments`: the booking's one live payment, created with the market's provider for
 * exactly the booking's total, or the live one returned. Racing calls meet at the conditional
 * insert (unique `liveKey`): one inserts and calls the provider, the others wait for its answer.
 */
export async function openPayment(deps: PaymentDeps, actor: Actor, bookingId: string): Promise<{ payment: PaymentDoc; created: boolean }> {
  if (actor.role === 'guest') throw new DomainError('FORBIDDEN', 'Sign in to pay: guests cannot pay');
  const booking = await deps.bookings.findById(bookingId);
  if (!booking || !canSee(actor, booking)) throw new DomainError('BOOKING_NOT_FOUND', 'No such booking');
  if (actor.role !== 'customer' || booking.customerId !== actor.id) throw new DomainError('FORBIDDEN', 'Only the customer who booked pays for it');

  for (let round = 0; round < 3; round++) {
    // Payable first: a cancelled or expired booking's live payment (its provider cancel may have
    // failed; the reconciler retries it) is never handed out to be paid.
    const now = deps.clock.now();
    if (booking.status !== 'pending_payment' || Date.parse(booking.expiresAt) <= now)
      throw new DomainError(
        'BOOKING_NOT_PAYABLE',
        `A booking in status ${Date.parse(booking.expiresAt) <= now && booking.status === 'pending_payment' ? 'expired' : booking.status} cannot be paid`,
      );
    const live = await deps.payments.findLive(bookingId);
    if (live) return { payment: await untilOpened(deps, live), created: false };
    const doc: PaymentDoc = {
      _id: newId(),
      bookingId,
      customerId: booking.customerId,
      market: booking.market,
      provider: deps.marketProviders[booking.market],
      status: 'opening',
      liveKey: bookingId,
      // Fixed here from the stored booking (itself the catalog's quote), never from the request.
      amount: booking.total,
      currency: booking.currency,
      refunded: 0,
      leaseUntil: now + (deps.openLeaseMs ?? DEFAULT_LEASE_MS),
      createdAt: isoNow(deps),
      updatedAt: isoNow(deps),
    };
    try {
      await deps.payments.payments.insertOne(doc);
    } catch (err) {
      if (isDuplicateKeyError(err)) continue;
      throw err;
    }
    return { payment: await callProvider(deps, doc), created: true };
  }
  throw new DomainError('PAYMENT_OPENING', 'The payment is being opened; retry shortly');
}

/** Asks the provider to open `doc` (the idempotency key is derived from the payment, so a retry finds the same provider payment). */
async function callProvider(deps: PaymentDeps, doc: PaymentDoc): Promise<PaymentDoc> {
  const provider = providerOf(deps, doc.provider);
  try {
    const opened = await provider.openPayment({
      paymentId: doc._id,
      bookingId: doc.bookingId,
      market: doc.market,
      amount: doc.amount,
      currency: doc.currency,
      idempotencyKey: `pay_${doc._id}:create`,
    });
    if (opened.amount !== doc.amount || opened.currency !== doc.currency) throw new ProviderUnavailableError('the provider opened another amount or currency');
    const updated = await deps.payments.update(
      { _id: doc._id, status: 'opening' },
      {
        $set: {
          status: opened.status === 'succeeded' ? 'processing' : opened.status,
          providerRef: opened.providerRef,
          next: opened.next,
          leaseUntil: 0,
          updatedAt: isoNow(deps),
        },
      },
    );
    return updated ?? ((await deps.payments.findById(doc._id)) as PaymentDoc);
  } catch (err) {
    // Leave it `opening` with the lease released: the next POST /payments takes it over and asks
    // the provider again with the same key, so at most one provider payment ever exists.
    await deps.payments.update({ _id: doc._id, status: 'opening' }, { $set: { leaseUntil: 0 } });
    deps.logger.warn('payment provider could not open a payment', { paymentId: doc._id, provider: doc.provider, error: String(err) });
    throw new DomainError('PAYMENT_PROVIDER_UNAVAILABLE', 'The payment provider is unavailable; try again shortly');
  }
}

/** A live payment with its provider answer: waits (bounded) for a racing request, or takes over an abandoned opening. */
async function untilOpened(deps: PaymentDeps, live: PaymentDoc): Promise<PaymentDoc> {
  let current: PaymentDoc | null = live;
  const deadline = Date.now() + WAIT_FOR_OPEN_MS;
  while (current && current.status === 'opening') {
    const now = deps.clock.now();
    if (current.leaseUntil <= now) {
      const taken = await deps.payments.update(
        { _id: current._id, status: 'opening', leaseUntil: current.leaseUntil },
        { $set: { leaseUntil: now + (deps.openLeaseMs ?? DEFAULT_LEASE_MS) } },
      );
      if (taken) return callProvider(deps, taken);
    }
    if (Date.now() > deadline) throw new DomainError('PAYMENT_OPENING', 'The payment is being opened; retry shortly');
    await Bun.sleep(10);
    current = await deps.payments.findById(current._id);
  }
  if (!current) throw new DomainError('PAYMENT_OPENING', 'The payment is being opened; retry shortly');
  return current;
}

/** A payment the caller may see (the booking's customer, or an admin); else 404 PAYMENT_NOT_FOUND. */
export async function getPayment(deps: PaymentDeps, actor: Actor, id: string): Promise<PaymentDoc> {
  const payment = await deps.payments.findById(id);
  if (!payment || !(actor.role === 'admin' || (actor.role === 'customer' && payment.customerId === actor.id)))
    throw new DomainError('PAYMENT_NOT_FOUND', 'No such payment');
  return payment;
}

/** The payments of a booking the caller may see, newest first. */
export async function listPayments(deps: PaymentDeps, actor: Actor, bookingId: string): Promise<PaymentDoc[]> {
  const booking = await deps.bookings.findById(bookingId);
  if (!booking || !canSee(actor, booking) || actor.role === 'pm' || actor.role === 'resource') throw new DomainError('BOOKING_NOT_FOUND', 'No such booking');
  return deps.payments.listForBooking(bookingId);
}
