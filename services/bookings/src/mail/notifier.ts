import { formatMinor, type Logger } from '@tm/shared';
import type { BookingDoc } from '../bookings/model.ts';
import type { Mail, Mailer } from './mailer.ts';

/** Mails about a booking, sent after the change is stored, retried, never awaited by the answer. */
export interface Notifier {
  bookingPaid(booking: BookingDoc): void;
  bookingConfirmed(booking: BookingDoc): void;
  bookingCancelled(booking: BookingDoc): void;
  bookingAssigned(booking: BookingDoc): void;
  /** Resolves when no message is waiting (tests and shutdown). */
  idle(): Promise<void>;
}

/** Where a PM's mail goes: the email of their staff account, when one is known. */
export type PmEmailLookup = (pmId: string) => Promise<string | undefined>;

const DEFAULT_RETRY_MS = [500, 5_000, 30_000, 120_000];

/**
 * Each message is tried at once and then after each delay in `retryDelaysMs`; a message that
 * still fails is logged as lost (the booking itself is stored either way).
 */
export function createNotifier(options: { mailer: Mailer; logger: Logger; pmEmail?: PmEmailLookup; retryDelaysMs?: readonly number[] }): Notifier {
  const { mailer, logger } = options;
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_MS;
  let pending = 0;
  const waiters: (() => void)[] = [];
  const settle = () => {
    pending--;
    if (pending === 0) for (const w of waiters.splice(0)) w();
  };

  const deliver = (mail: Mail, attempt: number) => {
    mailer.send(mail).then(settle, (err) => {
      const delay = delays[attempt];
      if (delay === undefined) {
        logger.error('mail not delivered after retries', { to: mail.to, subject: mail.subject, error: String(err) });
        settle();
        return;
      }
      logger.warn('mail failed; retrying', { to: mail.to, subject: mail.subject, attempt: attempt + 1, error: String(err) });
      setTimeout(() => deliver(mail, attempt + 1), delay);
    });
  };
  const enqueue = (mail: Mail | undefined) => {
    if (!mail) return;
    pending++;
    queueMicrotask(() => deliver(mail, 0));
  };
  const toCustomer = (b: BookingDoc, subject: string, body: string): Mail | undefined => {
    const to = b.contact?.email;
    if (!to) {
      logger.info('no contact email on booking; mail skipped', { bookingId: b._id, subject });
      return undefined;
    }
    const greeting = b.contact?.name ? `Hello ${b.contact.name},` : 'Hello,';
    return {
      to,
      subject: `${subject} (${b.number})`,
      text: `${greeting}\n\n${body}\n\nBooking ${b.number}: ${formatMinor({ amount: b.total, currency: b.currency })}.\n`,
    };
  };

  return {
    bookingPaid: (b) =>
      enqueue(
        toCustomer(b, 'Payment received', `We received your payment of ${formatMinor({ amount: b.total, currency: b.currency })}. This is your receipt.`),
      ),
    bookingConfirmed: (b) => enqueue(toCustomer(b, 'Booking confirmed', `${b.pm?.name ?? 'Your project manager'} accepted your booking.`)),
    bookingCancelled: (b) => enqueue(toCustomer(b, 'Booking cancelled', 'Your booking was cancelled. Any payment is refunded in full to the original method.')),
    bookingAssigned: (b) => {
      const pm = b.pm;
      if (!pm) return;
      pending++;
      void (options.pmEmail?.(pm.id) ?? Promise.resolve(undefined)).then(
        (to) => {
          if (!to) {
            logger.info('no email known for the assigned PM; mail skipped', { bookingId: b._id, pmId: pm.id });
            settle();
            return;
          }
          deliver(
            { to, subject: `New assignment ${b.number}`, text: `Hello ${pm.name},\n\nBooking ${b.number} was assigned to you. Accept it to confirm.\n` },
            0,
          );
        },
        () => settle(),
      );
    },
    idle: () => (pending === 0 ? Promise.resolve() : new Promise<void>((r) => waiters.push(r))),
  };
}
