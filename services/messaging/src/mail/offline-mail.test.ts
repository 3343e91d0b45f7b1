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
  mail = createOfflineMail({
    repo: t.app.chat.repo,
    keyValue: t.keyValue,
    presence: t.app.chat.presence,
    contacts: {
      byUserId: async (id) => (lookups.push(`user:${id}`), CONTACTS[`user:${id}`]),
      byProfileId: async (id) => (lookups.push(`profile:${id}`), CONTACTS[`profile:${id}`]),
    },
    mailer,
    clock: t.clock,
    logger: silentLogger,
    siteUrl: 'https://tm.example',
  });
});

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

  it('tries a mail that failed again on the next sweep', async () => {
    mailer.failNext = 1;
    await send(t.tokens.pm, 'from Ana', 'p-1');
    t.clock.advance(11 * 60_000);
    expect(await mail.sweep()).toBe(0);
    expect(mailer.sent).toHaveLength(0);
    expect(await mail.sweep()).toBe(1);
    expect(mailer.sent.map((m) => m.to)).toEqual(['cara@example.test']);
  });
});
