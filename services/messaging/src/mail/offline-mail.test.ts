import { beforeEach, describe, expect, it } from 'bun:test';
import type { MailContact } from '@tm/contracts';
import { silentLogger } from '@tm/shared';
import { createMemoryMailer } from '@tm/shared/mail';
import { readStream } from '../testing/sse.ts';
import { createMessagingUnderTest, type MessagingUnderTest } from '../testing.ts';
import { createOfflineMail, type OfflineMail } from './offline-mail.ts';

let t: MessagingUnderTest;
let mailer: ReturnType<typeof createMemoryMailer>;
let mail: OfflineMail;
const lookups: string[] = [];
const CONTACTS: Record<string, MailContact> = {
  'user:cust-1': { email: 'cara@example.test', name: 'Cara' },
  'profile:pm-ana': { email: 'ana@example.test', name: 'Ana' },
};

beforeEach(async () => {
  t = await createMessagingUnderTest({ heartbeatMs: 200 });
  t.addBooking('b1');
  mailer = createMemoryMailer();
  lookups.length = 0;
  mail = await processOn(mailer);
});

/** The offline mail of one messaging process on the test's stores (`paused`: its outbox delivers nothing, as a process about to be killed). */
async function processOn(to: ReturnType<typeof createMemoryMailer>, paused = false): Promise<OfflineMail> {
  const m = createOfflineMail({
    repo: t.app.chat.repo,
    documents: t.documents,
    presence: t.app.chat.presence,
    contacts: {
      byUserId: async (id) => (lookups.push(`user:${id}`), CONTACTS[`user:${id}`]),
      byProfileId: async (id) => (lookups.push(`profile:${id}`), CONTACTS[`profile:${id}`]),
    },
    mailer: to,
    clock: t.clock,
    logger: silentLogger,
    siteUrl: 'https://tm.example',
    timings: { paused },
  });
  await m.ensureIndexes();
  return m;
}

const send = (token: string, body: string, id: string) => t.call('POST', '/chat/b1/messages', { token, body: { body, clientMessageId: id } });

describe('mail to participants who are away', () => {
  it('mails a participant whose unread messages are older than 10 minutes, once an hour per conversation, never the sender', async () => {
    await send(t.tokens.customer, 'Are you there?', 'c-1');
    expect(await mail.sweep()).toBe(0);
    t.clock.advance(10 * 60_000 + 1);
    expect(await mail.sweep()).toBe(1);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]?.to).toBe('ana@example.test');
    expect(mailer.sent[0]?.subject).toContain('BK-B1XXXXXX');
    expect(mailer.sent[0]?.text).toContain('1 unread message');
    expect(lookups).toEqual(['profile:pm-ana']);
    await send(t.tokens.customer, 'Hello??', 'c-2');
    t.clock.advance(20 * 60_000);
    expect(await mail.sweep()).toBe(0);
  });

  it('does not mail a participant who read the messages or holds an open stream', async () => {
    await send(t.tokens.customer, 'one', 'c-1');
    await t.call('POST', '/chat/b1/read', { token: t.tokens.pm, body: { seq: 1 } });
    t.clock.advance(11 * 60_000);
    expect(await mail.sweep()).toBe(0);
    await send(t.tokens.customer, 'two', 'c-2');
    const s = readStream(await t.app.handle(new Request('http://localhost/chat/b1/stream', { headers: { authorization: `Bearer ${t.tokens.pm}` } })));
    await s.waitForPings(1);
    t.clock.advance(11 * 60_000);
    expect(await mail.sweep()).toBe(0);
    await s.close();
    expect(await mail.sweep()).toBe(1);
    expect(mailer.sent[0]?.to).toBe('ana@example.test');
  });

  it('retries a mail that failed from the outbox, with backoff, and sends it once', async () => {
    mailer.failNext = 1;
    await send(t.tokens.pm, 'from Ana', 'p-1');
    t.clock.advance(11 * 60_000);
    expect(await mail.sweep()).toBe(0);
    expect(mailer.sent).toHaveLength(0);
    // The mark is set with the stored mail: the next sweep stores no second one.
    expect(await mail.sweep()).toBe(0);
    t.clock.advance(1_000);
    expect(await mail.deliverDue()).toBe(1);
    expect(await mail.deliverDue()).toBe(0);
    expect(mailer.sent.map((m) => m.to)).toEqual(['cara@example.test']);
  });

  it('is stored with its mark: a process killed before sending leaves it to the next, which sends it once', async () => {
    const dying = createMemoryMailer();
    const first = await processOn(dying, true);
    await send(t.tokens.customer, 'Are you there?', 'c-1');
    t.clock.advance(11 * 60_000);
    expect(await first.sweep()).toBe(0);
    const next = await processOn(mailer);
    // The next process's sweep finds the member marked: it stores nothing new; its worker sends the stored mail.
    expect(await next.sweep()).toBe(0);
    expect(await next.deliverDue()).toBe(1);
    expect(await next.deliverDue()).toBe(0);
    expect(dying.sent).toHaveLength(0);
    expect(mailer.sent.map((m) => m.to)).toEqual(['ana@example.test']);
  });

  it('sends nothing for a stored mail whose messages were read before it went', async () => {
    const first = await processOn(createMemoryMailer(), true);
    await send(t.tokens.customer, 'one', 'c-1');
    t.clock.advance(11 * 60_000);
    await first.sweep();
    await t.call('POST', '/chat/b1/read', { token: t.tokens.pm, body: { seq: 1 } });
    expect(await mail.deliverDue()).toBe(1);
    expect(mailer.sent).toHaveLength(0);
  });

  it('sends nothing for a stored mail whose member left the conversation before it went (the PM was changed)', async () => {
    const first = await processOn(createMemoryMailer(), true);
    await send(t.tokens.customer, 'one', 'c-1');
    t.clock.advance(11 * 60_000);
    await first.sweep();
    await t.app.chat.repo.conversations.updateOne({ _id: 'b1' }, { $set: { pmId: 'pm-bob' } });
    expect(await mail.deliverDue()).toBe(1);
    expect(mailer.sent).toHaveLength(0);
    expect(lookups).toEqual([]);
  });

  it('of several replicas sweeping at once, one mail goes out', async () => {
    await send(t.tokens.customer, 'Are you there?', 'c-1');
    t.clock.advance(11 * 60_000);
    const replicas = await Promise.all(Array.from({ length: 5 }, () => processOn(mailer)));
    const sent = await Promise.all(replicas.map((r) => r.sweep()));
    await Promise.all(replicas.map((r) => r.deliverDue()));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    // A replica sweeping a moment later (another key) finds the member marked.
    t.clock.advance(1);
    expect(await replicas[0]?.sweep()).toBe(0);
    expect(mailer.sent.map((m) => m.to)).toEqual(['ana@example.test']);
  });
});
