import type { Logger } from '@tm/shared';
import type { Mail, Mailer } from '@tm/shared/mail';
import { formatMinor } from '@tm/shared/money';
import type { ContactsPort } from '../auth/contacts-port.ts';
import type { BookingDoc } from '../bookings/model.ts';

/** Mails about a booking, sent after the change is stored, retried, never awaited by the answer. */
export interface Notifier {
  bookingPaid(booking: BookingDoc): void;
  bookingConfirmed(booking: BookingDoc): void;
  bookingCancelled(booking: BookingDoc): void;
  bookingAssigned(booking: BookingDoc): void;
  /** Resolves when no message is waiting (tests and shutdown). */
  idle(): Promise<void>;
}

const DEFAULT_RETRY_MS = [500, 5_000, 30_000, 120_000];

/** Builds a message when it is sent (asking auth for an address first, when needed); undefined when there is nobody to send it to. */
type Compose = () => Promise<Mail | undefined>;

/**
 * Each message is tried at once and then after each delay in `retryDelaysMs`; a try fails when
 * the address cannot be learnt (auth unreachable) or the mailer fails, and a message that still
 * fails is logged as lost (the booking itself is stored either way). Customers are mailed at the
 * booking's contact email, else their account's (from auth); a PM at their staff account's email,
 * found by their talent profile.
 */
export function createNotifier(options: { mailer: Mailer; logger: Logger; contacts: ContactsPort; retryDelaysMs?: readonly number[] }): Notifier {
  const { mailer, logger, contacts } = options;
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_MS;
  let pending = 0;
  const waiters: (() => void)[] = [];
  const settle = () => {
    pending--;
    if (pending === 0) for (const w of waiters.splice(0)) w();
  };

  const deliver = (what: { bookingId: string; subject: string }, compose: Compose, attempt: number) => {
    let to: string | undefined;
    compose()
      .then(async (mail) => {
        to = mail?.to;
        if (mail) await mailer.send(mail);
      })
      .then(settle, (err) => {
        const delay = delays[attempt];
        if (delay === undefined) {
          logger.error('mail not delivered after retries', { ...what, to, error: String(err) });
          settle();
          return;
        }
        logger.warn('mail failed; retrying', { ...what, to, attempt: attempt + 1, error: String(err) });
        setTimeout(() => deliver(what, compose, attempt + 1), delay);
      });
  };
  const enqueue = (what: { bookingId: string; subject: string }, compose: Compose) => {
    pending++;
    queueMicrotask(() => deliver(what, compose, 0));
  };
  const toCustomer = (b: BookingDoc, subject: string, body: string) =>
    enqueue({ bookingId: b._id, subject }, async () => {
      let to = b.contact?.email;
      let name = b.contact?.name;
      // An erased person is mailed nothing; otherwise the account's address stands in for a missing contact email.
      if (!to && !b.erasedAt) {
        const account = await contacts.byUserId(b.customerId);
        to = account?.email;
        name ??= account?.name;
      }
      if (!to) {
        logger.info('no email for the booking or its account; mail skipped', { bookingId: b._id, subject });
        return undefined;
      }
      return {
        to,
        subject: `${subject} (${b.number})`,
        text: `${name ? `Hello ${name},` : 'Hello,'}\n\n${body}\n\nBooking ${b.number}: ${formatMinor({ amount: b.total, currency: b.currency })}.\n`,
      };
    });

  return {
    bookingPaid: (b) =>
      toCustomer(b, 'Payment received', `We received your payment of ${formatMinor({ amount: b.total, currency: b.currency })}. This is your receipt.`),
    bookingConfirmed: (b) => toCustomer(b, 'Booking confirmed', `${b.pm?.name ?? 'Your project manager'} accepted your booking.`),
    bookingCancelled: (b) => toCustomer(b, 'Booking cancelled', 'Your booking was cancelled. Any payment is refunded in full to the original method.'),
    bookingAssigned: (b) => {
      const pm = b.pm;
      if (!pm) return;
      enqueue({ bookingId: b._id, subject: 'New assignment' }, async () => {
        const to = (await contacts.byProfileId(pm.id))?.email;
        if (!to) {
          logger.info('no staff account email for the assigned PM; mail skipped', { bookingId: b._id, pmId: pm.id });
          return undefined;
        }
        return { to, subject: `New assignment ${b.number}`, text: `Hello ${pm.name},\n\nBooking ${b.number} was assigned to you. Accept it to confirm.\n` };
      });
    },
    idle: () => (pending === 0 ? Promise.resolve() : new Promise<void>((r) => waiters.push(r))),
  };
}
