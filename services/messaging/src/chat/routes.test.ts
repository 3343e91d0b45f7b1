import { beforeEach, describe, expect, it } from 'bun:test';
import { Value } from '@sinclair/typebox/value';
import { ChatConversationSchema, ChatMessageSchema } from '@tm/contracts';
import { createMessagingUnderTest, type MessagingUnderTest } from '../testing.ts';

let t: MessagingUnderTest;
beforeEach(async () => {
  t = await createMessagingUnderTest();
  t.addBooking('b1');
});

const send = (token: string, body: string, clientMessageId: string, bookingId = 'b1') =>
  t.call('POST', `/chat/${bookingId}/messages`, { token, body: { body, clientMessageId } });

describe('sending and listing messages', () => {
  it('stores a message (201) with its seq, sender and contract shape, and lists messages by ascending seq', async () => {
    const first = await send(t.tokens.customer, 'Hello Ana, when can we start?', 'c-1');
    expect(first.status).toBe(201);
    expect(Value.Check(ChatMessageSchema, first.body.data)).toBe(true);
    expect(first.body.data).toMatchObject({
      bookingId: 'b1',
      seq: 1,
      sender: { id: 'cust-1', role: 'customer' },
      body: 'Hello Ana, when can we start?',
      masked: false,
      deleted: false,
    });
    const second = await send(t.tokens.pm, '  Monday works.  ', 'p-1');
    expect(second.status).toBe(201);
    expect(second.body.data).toMatchObject({ seq: 2, sender: { id: 'user-ana', role: 'pm', name: 'Ana Silva' }, body: 'Monday works.' });
    const list = await t.call('GET', '/chat/b1/messages', { token: t.tokens.customer });
    expect(list.status).toBe(200);
    expect(list.body.data.map((m: { seq: number }) => m.seq)).toEqual([1, 2]);
    expect((await t.call('GET', '/chat/b1/messages?after=1', { token: t.tokens.pm })).body.data.map((m: { seq: number }) => m.seq)).toEqual([2]);
    expect((await t.call('GET', '/chat/b1/messages?before=2', { token: t.tokens.pm })).body.data.map((m: { seq: number }) => m.seq)).toEqual([1]);
  });

  it('pages with after, before and limit (1-100), newest page without a cursor', async () => {
    for (let i = 1; i <= 7; i++) await send(t.tokens.customer, `m${i}`, `c-${i}`);
    const seqs = async (q: string) => (await t.call('GET', `/chat/b1/messages${q}`, { token: t.tokens.customer })).body.data.map((m: { seq: number }) => m.seq);
    expect(await seqs('?limit=3')).toEqual([5, 6, 7]);
    expect(await seqs('?after=2&limit=2')).toEqual([3, 4]);
    expect(await seqs('?before=5&limit=2')).toEqual([3, 4]);
    expect(await seqs('?after=2&before=5')).toEqual([3, 4]);
  });

  it('answers the same clientMessageId from the same sender with 200 and the first message, storing nothing new', async () => {
    const first = await send(t.tokens.customer, 'once', 'same');
    const again = await send(t.tokens.customer, 'a different text', 'same');
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    // Another sender may use the same id.
    expect((await send(t.tokens.pm, 'mine', 'same')).status).toBe(201);
    expect(await t.documents.collection('messages').countDocuments({})).toBe(2);
  });

  it('is 404 CONVERSATION_NOT_FOUND for a booking the caller may not see or that does not exist, never 403', async () => {
    for (const token of [t.tokens.stranger, t.tokens.otherPm]) {
      const res = await t.call('GET', '/chat/b1/messages', { token });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('CONVERSATION_NOT_FOUND');
      expect((await send(token, 'hi', 'x')).body.error.code).toBe('CONVERSATION_NOT_FOUND');
    }
    expect((await t.call('GET', '/chat/nope/messages', { token: t.tokens.customer })).body.error.code).toBe('CONVERSATION_NOT_FOUND');
    const resource = await t.signing.tokenFor('user-r', 'resource', { pid: 'pm-ana' }, t.clock.now());
    expect((await t.call('GET', '/chat/b1/messages', { token: resource })).status).toBe(404);
    // Admins see every conversation.
    expect((await t.call('GET', '/chat/b1/messages', { token: t.tokens.admin })).status).toBe(200);
  });

  it('needs a valid bearer token: 401 UNAUTHORIZED without one', async () => {
    for (const headers of [{}, { authorization: 'Bearer nope' }, { authorization: 'Basic abc' }] as Record<string, string>[]) {
      const res = await t.call('GET', '/chat/b1/messages', { headers });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHORIZED');
    }
  });

  it('follows a re-assignment within the facts cache time (5 s): the new PM gets in, the old one is out', async () => {
    expect((await t.call('GET', '/chat/b1/messages', { token: t.tokens.pm })).status).toBe(200);
    t.addBooking('b1', { pm: { id: 'pm-bo', slug: 'bo', name: 'Bo' } });
    t.clock.advance(5_001);
    expect((await t.call('GET', '/chat/b1/messages', { token: t.tokens.pm })).status).toBe(404);
    expect((await t.call('GET', '/chat/b1/messages', { token: t.tokens.otherPm })).status).toBe(200);
  });

  it('is 503 SERVICE_UNAVAILABLE when bookings is unreachable and nothing is cached, never a guess; a cached answer still serves', async () => {
    t.addBooking('b2');
    t.bookings.port.down = true;
    const res = await t.call('GET', '/chat/b2/messages', { token: t.tokens.customer });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
    t.bookings.port.down = false;
    expect((await t.call('GET', '/chat/b2/messages', { token: t.tokens.customer })).status).toBe(200);
    t.bookings.port.down = true;
    t.clock.advance(6_000);
    expect((await t.call('GET', '/chat/b2/messages', { token: t.tokens.customer })).status).toBe(200);
  });

  it('asks bookings at most once per 5 s for a booking', async () => {
    const before = t.bookings.port.reads;
    for (let i = 0; i < 5; i++) await t.call('GET', '/chat/b1/messages', { token: t.tokens.customer });
    expect(t.bookings.port.reads - before).toBe(1);
    t.clock.advance(5_001);
    await t.call('GET', '/chat/b1/messages', { token: t.tokens.customer });
    expect(t.bookings.port.reads - before).toBe(2);
  });

  it('limits a sender to 20 messages a minute per conversation: 429 RATE_LIMITED with Retry-After; replays are free', async () => {
    for (let i = 0; i < 20; i++) expect((await send(t.tokens.customer, `m${i}`, `r-${i}`)).status).toBe(201);
    const over = await send(t.tokens.customer, 'one too many', 'r-20');
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('RATE_LIMITED');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await send(t.tokens.customer, 'again', 'r-3')).status).toBe(200);
    // The other participant has a quota of their own.
    expect((await send(t.tokens.pm, 'fine', 'p-1')).status).toBe(201);
  });
});

describe('masking contact details before the deal', () => {
  it('masks while the booking is paid (the sender sees the masked body), shows admins the original, and stops masking once confirmed', async () => {
    const sent = await send(t.tokens.customer, 'Call me on +49 151 1234 5678 or mail a@b.de', 'c-1');
    expect(sent.body.data).toMatchObject({ body: 'Call me on [hidden] or mail [hidden]', masked: true });
    expect(sent.body.data.original).toBeUndefined();
    const seenByPm = (await t.call('GET', '/chat/b1/messages', { token: t.tokens.pm })).body.data[0];
    expect(seenByPm.body).toBe('Call me on [hidden] or mail [hidden]');
    expect(seenByPm.original).toBeUndefined();
    const seenByAdmin = (await t.call('GET', '/chat/b1/messages', { token: t.tokens.admin })).body.data[0];
    expect(seenByAdmin.original).toBe('Call me on +49 151 1234 5678 or mail a@b.de');
    t.addBooking('b1', { status: 'confirmed' });
    t.clock.advance(5_001);
    expect((await send(t.tokens.customer, 'Now: a@b.de', 'c-2')).body.data).toMatchObject({ body: 'Now: a@b.de', masked: false });
  });

  it("masks on edit too, and keeps the site's own links", async () => {
    const sent = (await send(t.tokens.customer, 'See https://tm.example/services/x', 'c-1')).body.data;
    expect(sent.masked).toBe(false);
    const edited = await t.call('PATCH', `/chat/b1/messages/${sent.id}`, { token: t.tokens.customer, body: { body: 'Or https://evil.example.com' } });
    expect(edited.body.data).toMatchObject({ body: 'Or [hidden]', masked: true });
  });
});

describe('edit, delete and read', () => {
  it('lets the sender edit within 15 minutes (editedAt set, a new seq on the log); later or anyone else: 409 MESSAGE_NOT_EDITABLE', async () => {
    const m = (await send(t.tokens.customer, 'tpyo', 'c-1')).body.data;
    const byPm = await t.call('PATCH', `/chat/b1/messages/${m.id}`, { token: t.tokens.pm, body: { body: 'hacked' } });
    expect(byPm.status).toBe(409);
    expect(byPm.body.error.code).toBe('MESSAGE_NOT_EDITABLE');
    t.clock.advance(14 * 60_000);
    const edited = await t.call('PATCH', `/chat/b1/messages/${m.id}`, { token: t.tokens.customer, body: { body: 'typo' } });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ id: m.id, seq: m.seq, body: 'typo', editedAt: new Date(t.clock.now()).toISOString() });
    expect(await t.documents.collection('events').countDocuments({ conversationId: 'b1', type: 'message.updated' })).toBe(1);
    t.clock.advance(60_001);
    const late = await t.call('PATCH', `/chat/b1/messages/${m.id}`, { token: t.tokens.customer, body: { body: 'too late' } });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('MESSAGE_NOT_EDITABLE');
    expect((await t.call('PATCH', `/chat/b1/messages/nope`, { token: t.tokens.customer, body: { body: 'x' } })).body.error.code).toBe('MESSAGE_NOT_FOUND');
  });

  it('deletes as a tombstone (sender or admin), idempotently; a tombstone cannot be edited', async () => {
    const m = (await send(t.tokens.customer, 'oops', 'c-1')).body.data;
    const n = (await send(t.tokens.pm, 'hi', 'p-1')).body.data;
    expect((await t.call('DELETE', `/chat/b1/messages/${m.id}`, { token: t.tokens.pm })).body.error.code).toBe('MESSAGE_NOT_EDITABLE');
    const gone = await t.call('DELETE', `/chat/b1/messages/${m.id}`, { token: t.tokens.customer });
    expect(gone.status).toBe(200);
    expect(gone.body.data).toMatchObject({ id: m.id, deleted: true, body: '' });
    expect((await t.call('DELETE', `/chat/b1/messages/${m.id}`, { token: t.tokens.customer })).body.data).toEqual(gone.body.data);
    expect(await t.documents.collection('events').countDocuments({ conversationId: 'b1', type: 'message.deleted' })).toBe(1);
    expect((await t.call('PATCH', `/chat/b1/messages/${m.id}`, { token: t.tokens.customer, body: { body: 'x' } })).body.error.code).toBe(
      'MESSAGE_NOT_EDITABLE',
    );
    expect((await t.call('DELETE', `/chat/b1/messages/${n.id}`, { token: t.tokens.admin })).body.data.deleted).toBe(true);
  });

  it('moves the read cursor forward only, counts unread from others (not deleted), and sending counts as reading', async () => {
    await send(t.tokens.pm, 'one', 'p-1');
    const two = (await send(t.tokens.pm, 'two', 'p-2')).body.data;
    await send(t.tokens.pm, 'three', 'p-3');
    const read = await t.call('POST', '/chat/b1/read', { token: t.tokens.customer, body: { seq: 1 } });
    expect(read.body.data).toEqual({ readSeq: 1, unread: 2 });
    expect((await t.call('POST', '/chat/b1/read', { token: t.tokens.customer, body: { seq: 0 } })).body.data).toEqual({ readSeq: 1, unread: 2 });
    await t.call('DELETE', `/chat/b1/messages/${two.id}`, { token: t.tokens.pm });
    expect((await t.call('POST', '/chat/b1/read', { token: t.tokens.customer, body: { seq: 1 } })).body.data).toEqual({ readSeq: 1, unread: 1 });
    // Past the conversation's last seq: capped there.
    expect((await t.call('POST', '/chat/b1/read', { token: t.tokens.customer, body: { seq: 999 } })).body.data).toEqual({ readSeq: 4, unread: 0 });
    const mine = (await send(t.tokens.pm, 'four', 'p-4')).body.data;
    expect((await t.call('POST', '/chat/b1/read', { token: t.tokens.pm, body: { seq: 0 } })).body.data).toEqual({ readSeq: mine.seq, unread: 0 });
  });

  it('lists the caller’s conversations, latest activity first, with the last message, unread count and X-Total-Count', async () => {
    t.addBooking('b2');
    t.addBooking('b3', { customerId: 'cust-2' });
    await send(t.tokens.pm, 'hello from b1', 'p-1');
    await send(t.tokens.pm, 'hello from b2', 'p-1', 'b2');
    await send(t.tokens.stranger, 'mine', 'c-1', 'b3');
    t.clock.advance(1000);
    await send(t.tokens.pm, 'again b1', 'p-2');
    const res = await t.call('GET', '/chat/conversations', { token: t.tokens.customer });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('2');
    for (const c of res.body.data) expect(Value.Check(ChatConversationSchema, c)).toBe(true);
    expect(res.body.data.map((c: { bookingId: string }) => c.bookingId)).toEqual(['b1', 'b2']);
    expect(res.body.data[0]).toMatchObject({
      bookingNumber: 'BK-B1XXXXXX',
      status: 'open',
      unread: 2,
      lastMessage: { seq: 2, sender: { role: 'pm' }, preview: 'again b1' },
    });
    const pmList = await t.call('GET', '/chat/conversations?limit=1&page=3', { token: t.tokens.pm });
    expect(pmList.headers.get('x-total-count')).toBe('3');
    expect(pmList.body.data.map((c: { bookingId: string }) => c.bookingId)).toEqual(['b3']);
    expect(pmList.body.data[0].unread).toBe(1);
  });
});

describe('read-only conversations', () => {
  for (const [why, over] of [
    ['cancelled', { status: 'cancelled' }],
    ['expired', { status: 'expired' }],
    ['completed 30 days ago', { status: 'completed', completedAt: new Date(Date.now() - 30 * 24 * 3600_000 - 1000).toISOString() }],
  ] as const) {
    it(`refuses sending and editing with 409 CONVERSATION_READ_ONLY when the booking is ${why}; reading stays allowed`, async () => {
      const m = (await send(t.tokens.customer, 'before', 'c-1')).body.data;
      t.addBooking('b1', over);
      t.clock.advance(5_001);
      const res = await send(t.tokens.customer, 'after', 'c-2');
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('CONVERSATION_READ_ONLY');
      // A retry of the message stored before still answers it.
      expect((await send(t.tokens.customer, 'before', 'c-1')).status).toBe(200);
      expect((await t.call('PATCH', `/chat/b1/messages/${m.id}`, { token: t.tokens.customer, body: { body: 'x' } })).body.error.code).toBe(
        'CONVERSATION_READ_ONLY',
      );
      expect((await t.call('GET', '/chat/b1/messages', { token: t.tokens.customer })).body.data).toHaveLength(1);
      expect((await t.call('GET', '/chat/conversations', { token: t.tokens.customer })).body.data[0].status).toBe('read_only');
    });
  }

  it('stays open for a booking completed 29 days ago, and the list shows it read-only once the 30 days are over', async () => {
    t.addBooking('b1', { status: 'completed', completedAt: new Date(t.clock.now() - 29 * 24 * 3600_000).toISOString() });
    expect((await send(t.tokens.customer, 'thanks!', 'c-1')).status).toBe(201);
    expect((await t.call('GET', '/chat/conversations', { token: t.tokens.customer })).body.data[0].status).toBe('open');
    t.clock.advance(24 * 3600_000);
    const fresh = await t.signing.tokenFor('cust-1', 'customer', {}, t.clock.now());
    // The list tells from what it stored, without asking bookings.
    const reads = t.bookings.port.reads;
    expect((await t.call('GET', '/chat/conversations', { token: fresh })).body.data[0].status).toBe('read_only');
    expect(t.bookings.port.reads).toBe(reads);
    expect((await send(fresh, 'one more', 'c-2')).body.error.code).toBe('CONVERSATION_READ_ONLY');
  });
});

describe('concurrency', () => {
  it('stores one message for 20 concurrent sends of one clientMessageId', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(t.tokens.customer, 'same text', 'dup')));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(19);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(await t.documents.collection('messages').countDocuments({ conversationId: 'b1' })).toBe(1);
  });

  it('gives 50 concurrent sends from two participants 50 distinct seqs, none lost, listed in seq order', async () => {
    const fast = await createMessagingUnderTest({ perMinute: 1000 });
    fast.addBooking('b1');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fast.call('POST', '/chat/b1/messages', { token: i % 2 ? fast.tokens.pm : fast.tokens.customer, body: { body: `n${i}`, clientMessageId: `k-${i}` } }),
      ),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    const seqs = answers.map((a) => a.body.data.seq);
    expect(new Set(seqs).size).toBe(50);
    const listed = (await fast.call('GET', '/chat/b1/messages?limit=100', { token: fast.tokens.admin })).body.data;
    expect(listed).toHaveLength(50);
    expect(listed.map((m: { seq: number }) => m.seq)).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(listed.map((m: { body: string }) => m.body))).toEqual(new Set(Array.from({ length: 50 }, (_, i) => `n${i}`)));
  });
});
