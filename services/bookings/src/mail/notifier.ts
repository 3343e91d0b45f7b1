import type { Logger } from '@tm/shared';
import type { Mail, Mailer } from '@tm/shared/mail';
import { formatMinor } from '@tm/shared/money';
import type { ContactsPort } from '../auth/contacts-port.ts';
import type { BookingDoc } from '../bookings/model.ts';

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
 * Customers are mailed at the booking's contact email, else their account's (from auth); a PM
 * at their staff account's email, found by their talent profile. Nobody to mail (no address, an
 * erased person) is not a failure: the mail is skipped and logged.
 */
export function createNotifier(options: { mailer: Mailer; logger: Logger; contacts: ContactsPort }): Notifier {
  const { mailer, logger, contacts } = options;
  const toCustomer = async (b: BookingDoc, subject: string, body: string): Promise<Mail | undefined> => {
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
        return toCustomer(b, 'Booking cancelled', 'Your booking was cancelled. Any payment is refunded in full to the original method.');
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
      if (mail) await mailer.send(mail);
    },
  };
}
