import { MAX_CONTACT_NAME_LENGTH, ONE_LINE_PATTERN } from '@tm/contracts';
import type { Logger } from '@tm/shared';
import type { Mail, Mailer } from '@tm/shared/mail';
import { formatMinor } from '@tm/shared/money';
import type { ContactsPort } from '../auth/contacts-port.ts';
import type { BookingDoc } from '../bookings/model.ts';
import type { RecipientLimit } from './recipient-limit.ts';

const ONE_LINE = new RegExp(ONE_LINE_PATTERN);
/** A name fit to greet with: the contract's one-line rule and length (bookings stored before the rule may hold others). */
const fitToGreet = (name: string) => name.length <= MAX_CONTACT_NAME_LENGTH && ONE_LINE.test(name);

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
 * fails is logged as lost (the booking itself is stored either way). Where mails go:
 * - a paid booking's mails (receipt, confirmation, cancellation) go to the booking's contact
 *   email, else the account's address (from auth);
 * - an unpaid booking's cancellation goes only to the account's verified address (auth's), never
 *   to the contact email, which nobody verified; a guest (no account) gets none;
 * - an erased person gets nothing;
 * - a PM is mailed at their staff account's email, found by their talent profile.
 * A name greets the reader only when it is one line of printable text (the contract's rule).
 * At most `limit` mails go to one address per hour (mail/recipient-limit.ts); beyond it a mail is
 * logged and skipped, not retried.
 */
export function createNotifier(options: {
  mailer: Mailer;
  logger: Logger;
  contacts: ContactsPort;
  limit: RecipientLimit;
  retryDelaysMs?: readonly number[];
}): Notifier {
  const { mailer, logger, contacts, limit } = options;
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
        if (!mail) return;
        if (!(await limit.take(mail.to))) {
          logger.warn('mail limit per recipient reached; mail skipped', what);
          return;
        }
        await mailer.send(mail);
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
  /** `paid`: whether the booking was ever paid; an unpaid booking's contact email is never used. */
  const toCustomer = (b: BookingDoc, subject: string, body: string, paid = true) =>
    enqueue({ bookingId: b._id, subject }, async () => {
      // An erased person is mailed nothing.
      if (b.erasedAt) {
        logger.info('the person was erased; mail skipped', { bookingId: b._id, subject });
        return undefined;
      }
      let to = paid ? b.contact?.email : undefined;
      let name = paid ? b.contact?.name : undefined;
      // The account's address stands in for a missing contact email, and is the only one for an unpaid booking.
      if (!to) {
        const account = await contacts.byUserId(b.customerId);
        to = account?.email;
        name = account?.name ?? name;
      }
      if (!to) {
        logger.info('no email for the booking or its account; mail skipped', { bookingId: b._id, subject });
        return undefined;
      }
      const greeting = name && fitToGreet(name) ? `Hello ${name},` : 'Hello,';
      return {
        to,
        subject: `${subject} (${b.number})`,
        text: `${greeting}\n\n${body}\n\nBooking ${b.number}: ${formatMinor({ amount: b.total, currency: b.currency })}.\n`,
      };
    });

  return {
    bookingPaid: (b) =>
      toCustomer(b, 'Payment received', `We received your payment of ${formatMinor({ amount: b.total, currency: b.currency })}. This is your receipt.`),
    bookingConfirmed: (b) => toCustomer(b, 'Booking confirmed', `${b.pm?.name ?? 'Your project manager'} accepted your booking.`),
    bookingCancelled: (b) =>
      toCustomer(
        b,
        'Booking cancelled',
        'Your booking was cancelled. Any payment is refunded in full to the original method.',
        b.history.some((h) => h.action === 'pay'),
      ),
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
