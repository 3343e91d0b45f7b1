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

/** The mails about a booking, one per kind of change. */
export type BookingMailKind = 'paid' | 'confirmed' | 'cancelled' | 'assigned';

/**
 * Mails about a booking. The outbox delivers them (outbox/topics.ts `booking.mail`): stored
 * with the change, sent after it, retried with backoff across restarts and replicas.
 */
export interface Notifier {
  /** Sends the mail of `kind` about `booking` once; throws when it could not (auth unreachable, the mailer failed): the outbox retries. */
  send(kind: BookingMailKind, booking: BookingDoc): Promise<void>;
}

/**
 * Where mails go:
 * - a paid booking's mails (receipt, confirmation, cancellation) go to the booking's contact
 *   email, else the account's address (from auth);
 * - an unpaid booking's cancellation goes only to the account's verified address (auth's), never
 *   to the contact email, which nobody verified; a guest (no account) gets none;
 * - an erased person gets nothing;
 * - a PM is mailed at their staff account's email, found by their talent profile.
 * A name greets the reader only when it is one line of printable text (the contract's rule).
 * Nobody to mail is not a failure: the mail is skipped and logged. At most `limit` mails go to
 * one address per hour (mail/recipient-limit.ts); beyond it a mail is logged and skipped, not retried.
 */
export function createNotifier(options: { mailer: Mailer; logger: Logger; contacts: ContactsPort; limit: RecipientLimit }): Notifier {
  const { mailer, logger, contacts, limit } = options;
  /** `paid`: whether the booking was ever paid; an unpaid booking's contact email is never used. */
  const toCustomer = async (b: BookingDoc, subject: string, body: string, paid = true): Promise<Mail | undefined> => {
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
  };
  const compose = async (kind: BookingMailKind, b: BookingDoc): Promise<Mail | undefined> => {
    switch (kind) {
      case 'paid':
        return toCustomer(
          b,
          'Payment received',
          `We received your payment of ${formatMinor({ amount: b.total, currency: b.currency })}. This is your receipt.`,
        );
      case 'confirmed':
        return toCustomer(b, 'Booking confirmed', `${b.pm?.name ?? 'Your project manager'} accepted your booking.`);
      case 'cancelled':
        return toCustomer(
          b,
          'Booking cancelled',
          'Your booking was cancelled. Any payment is refunded in full to the original method.',
          b.history.some((h) => h.action === 'pay'),
        );
      case 'assigned': {
        const pm = b.pm;
        if (!pm) return undefined;
        const to = (await contacts.byProfileId(pm.id))?.email;
        if (!to) {
          logger.info('no staff account email for the assigned PM; mail skipped', { bookingId: b._id, pmId: pm.id });
          return undefined;
        }
        return { to, subject: `New assignment ${b.number}`, text: `Hello ${pm.name},\n\nBooking ${b.number} was assigned to you. Accept it to confirm.\n` };
      }
    }
  };
  return {
    async send(kind, booking) {
      const mail = await compose(kind, booking);
      if (!mail) return;
      if (!(await limit.take(mail.to))) {
        logger.warn('mail limit per recipient reached; mail skipped', { bookingId: booking._id, subject: mail.subject });
        return;
      }
      await mailer.send(mail);
    },
  };
}
