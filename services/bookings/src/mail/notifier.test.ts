import { afterAll, describe, expect, it } from 'bun:test';
import { CONTACTS_PATH, type MailContact } from '@tm/contracts';
import { createManualClock, createMemoryLogger } from '@tm/shared';
import { createMemoryMailer } from '@tm/shared/mail';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { createHttpContacts } from '../auth/contacts-port.ts';
import type { BookingDoc } from '../bookings/model.ts';
import { PM_ANA } from '../testing/bookings-under-test.ts';
import { createNotifier } from './notifier.ts';
import { createRecipientLimit, MAIL_RECIPIENT_HOURLY_LIMIT_DEFAULT } from './recipient-limit.ts';

/** A stand-in of auth's GET /internal/contacts over real HTTP; `down` answers 503 as an overloaded auth would. */
const accounts: Record<string, MailContact> = { 'user-1': { email: 'cara@example.test', name: 'Cara' }, 'user-mobile-only': {} };
const profiles: Record<string, MailContact> = { [PM_ANA.id]: { email: 'ana.pm@example.test', name: 'Ana' } };
const auth = { down: false, asked: [] as string[] };
const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch(req) {
    const url = new URL(req.url);
    if (url.pathname !== CONTACTS_PATH) return Response.json({ success: false, error: { code: 'NOT_FOUND', message: 'no' } }, { status: 404 });
    auth.asked.push(url.search);
    if (auth.down) return Response.json({ success: false, error: { code: 'SERVICE_UNAVAILABLE', message: 'down' } }, { status: 503 });
    const userId = url.searchParams.get('userId');
    const profileId = url.searchParams.get('profileId');
    const found = userId ? accounts[userId] : profileId ? profiles[profileId] : undefined;
    return found
      ? Response.json({ success: true, data: { ...found, role: 'not for bookings' } })
      : Response.json({ success: false, error: { code: 'CONTACT_NOT_FOUND', message: 'no' } }, { status: 404 });
  },
});
afterAll(() => server.stop(true));

function setup() {
  const mailer = createMemoryMailer();
  const logger = createMemoryLogger('bookings');
  const clock = createManualClock(Date.now());
  const contacts = createHttpContacts({ baseUrl: `http://127.0.0.1:${server.port}`, timeoutMs: 500, logger });
  const limit = createRecipientLimit({ documents: createEmbeddedDocumentStore({ clock }), clock, perHour: MAIL_RECIPIENT_HOURLY_LIMIT_DEFAULT });
  const notifier = createNotifier({ mailer, logger, contacts, limit });
  auth.down = false;
  auth.asked.length = 0;
  return { mailer, logger, notifier, clock };
}

const booking = (over: Partial<BookingDoc> = {}) =>
  ({ _id: 'bk1', number: 'BK-1', customerId: 'user-1', total: 23_600, currency: 'EUR', pm: { ...PM_ANA }, history: [], ...over }) as BookingDoc;
/** A booking that was paid (its history names the payment), as every booking past pending_payment is. */
const paidHistory = [{ status: 'paid' as const, at: new Date().toISOString(), by: { id: 'pay-1', role: 'system' }, action: 'pay' }];

describe('the notifier with auth as the address book', () => {
  it("mails the assigned PM at their staff account's email, found by their talent profile", async () => {
    const { mailer, notifier } = setup();
    await notifier.send('assigned', booking());
    expect(mailer.sent.map((m) => [m.to, m.subject])).toEqual([['ana.pm@example.test', 'New assignment BK-1']]);
    expect(auth.asked).toEqual([`?profileId=${PM_ANA.id}`]);
  });

  it("sends a receipt to the booking's contact email without asking auth, else to the account's email", async () => {
    const { mailer, notifier } = setup();
    await notifier.send('paid', booking({ contact: { email: 'billing@example.test', name: 'Billing' } }));
    expect(auth.asked).toEqual([]);
    await notifier.send('paid', booking());
    expect(mailer.sent.map((m) => m.to)).toEqual(['billing@example.test', 'cara@example.test']);
    expect(mailer.sent[1]?.text).toStartWith('Hello Cara,');
    expect(auth.asked).toEqual(['?userId=user-1']);
  });

  it('skips the mail when auth knows no address (a mobile-only customer, a guest, a PM without a staff account) and never asks for an erased person', async () => {
    const { mailer, notifier, logger } = setup();
    await notifier.send('cancelled', booking({ customerId: 'user-mobile-only' }));
    await notifier.send('cancelled', booking({ customerId: 'guest-7' }));
    await notifier.send('assigned', booking({ pm: { id: 'no-account', slug: 'x', name: 'X' } }));
    await notifier.send('cancelled', booking({ erasedAt: new Date().toISOString() }));
    expect(mailer.sent).toEqual([]);
    expect(auth.asked).toHaveLength(3);
    expect(logger.lines.filter((l) => String(l.msg).endsWith('mail skipped'))).toHaveLength(4);
  });

  it('fails (for the outbox to retry) while auth cannot answer or the mailer fails, and sends nothing then', async () => {
    const { mailer, notifier } = setup();
    auth.down = true;
    await expect(notifier.send('paid', booking())).rejects.toThrow(/SERVICE_UNAVAILABLE|503/);
    await notifier.send('paid', booking({ contact: { email: 'c@example.test' } }));
    auth.down = false;
    mailer.failNext = 1;
    await expect(notifier.send('paid', booking())).rejects.toThrow('smtp unavailable');
    expect(mailer.sent.map((m) => m.to)).toEqual(['c@example.test']);
  });

  it("mails an unpaid booking's cancellation only to the account's verified address, greeting by the account's name, and a guest's not at all", async () => {
    const { mailer, notifier } = setup();
    const stranger = { email: 'victim@example.test', name: 'Dear customer, your account is locked' };
    await notifier.send('cancelled', booking({ contact: stranger }));
    await notifier.send('cancelled', booking({ customerId: 'guest-9', contact: stranger }));
    expect(mailer.sent.map((m) => m.to)).toEqual(['cara@example.test']);
    expect(mailer.sent[0]?.text).toStartWith('Hello Cara,');
    expect(mailer.sent.some((m) => m.text.includes('locked'))).toBe(false);
    // Paid, it goes to the contact the customer gave (they paid for it).
    await notifier.send('cancelled', booking({ contact: { email: 'billing@example.test', name: 'Billing' }, history: paidHistory }));
    expect(mailer.sent.map((m) => m.to)).toEqual(['cara@example.test', 'billing@example.test']);
  });

  it('greets nobody by a stored name that is not one line of printable text', async () => {
    const { mailer, notifier } = setup();
    await notifier.send('paid', booking({ contact: { email: 'billing@example.test', name: 'Billing\r\nBcc: x@example.test' } }));
    expect(mailer.sent[0]?.text).toStartWith('Hello,\n');
  });

  it(`sends at most ${MAIL_RECIPIENT_HOURLY_LIMIT_DEFAULT} mails an hour to one address, whatever the bookings, then again the next hour`, async () => {
    const { mailer, notifier, logger, clock } = setup();
    const many = MAIL_RECIPIENT_HOURLY_LIMIT_DEFAULT + 5;
    for (let i = 0; i < many; i++)
      await notifier.send('paid', booking({ _id: `bk${i}`, contact: { email: i % 2 ? 'Billing@Example.test' : 'billing@example.test' } }));
    await notifier.send('paid', booking({ contact: { email: 'other@example.test' } }));
    expect(mailer.sent.filter((m) => m.to.toLowerCase() === 'billing@example.test')).toHaveLength(MAIL_RECIPIENT_HOURLY_LIMIT_DEFAULT);
    expect(mailer.sent.filter((m) => m.to === 'other@example.test')).toHaveLength(1);
    expect(logger.lines.filter((l) => l.msg === 'mail limit per recipient reached; mail skipped')).toHaveLength(5);
    clock.advance(60 * 60_000);
    await notifier.send('paid', booking({ contact: { email: 'billing@example.test' } }));
    expect(mailer.sent.filter((m) => m.to.toLowerCase() === 'billing@example.test')).toHaveLength(MAIL_RECIPIENT_HOURLY_LIMIT_DEFAULT + 1);
  });
});
