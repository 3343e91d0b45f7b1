import { beforeEach, describe, expect, it } from 'bun:test';
import { Value } from '@sinclair/typebox/value';
import { ChatMessageSchema } from '@tm/contracts';
import { readStream } from '../testing/sse.ts';
import { createMessagingUnderTest, type MessagingUnderTest } from '../testing.ts';
import { createMemoryNotices } from './notices.ts';

let t: MessagingUnderTest;
beforeEach(async () => {
  t = await createMessagingUnderTest({ heartbeatMs: 200, gapWaitMs: 150, perMinute: 1000 });
  t.addBooking('b1');
});

const send = (token: string, body: string, clientMessageId: string) => t.call('POST', '/chat/b1/messages', { token, body: { body, clientMessageId } });

async function open(path: string, headers: Record<string, string> = {}, as: string | null = t.tokens.customer) {
  const token = as ?? undefined;
  const res = await t.app.handle(
    new Request(`http://localhost${path}`, { headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } }),
  );
  return res;
}

describe('the stream', () => {
  it('answers text/event-stream and delivers each new message live as `id: <seq>`, `event: message`, the message as data', async () => {
    const res = await open('/chat/b1/stream');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toStartWith('text/event-stream');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const s = readStream(res);
    await s.waitForPings(1);
    const sent = (await send(t.tokens.pm, 'Hello!', 'p-1')).body.data;
    await s.waitFor(1);
    expect(s.events[0]).toEqual({ id: sent.seq, event: 'message', data: sent });
    expect(Value.Check(ChatMessageSchema, s.events[0]?.data)).toBe(true);
    await s.close();
  });

  it('sends a `: ping` comment at least every heartbeat while nothing happens', async () => {
    const s = readStream(await open('/chat/b1/stream'));
    await s.waitForPings(4, 2000);
    expect(s.ended).toBe(false);
    await s.close();
  });

  it('sends edits and deletions as message.updated and message.deleted with their own seq', async () => {
    const s = readStream(await open('/chat/b1/stream'));
    await s.waitForPings(1);
    const m = (await send(t.tokens.customer, 'frist', 'c-1')).body.data;
    await t.call('PATCH', `/chat/b1/messages/${m.id}`, { token: t.tokens.customer, body: { body: 'first' } });
    await t.call('DELETE', `/chat/b1/messages/${m.id}`, { token: t.tokens.customer });
    await s.waitFor(3);
    expect(s.events.map((e) => [e.id, e.event])).toEqual([
      [1, 'message'],
      [2, 'message.updated'],
      [3, 'message.deleted'],
    ]);
    expect(s.events[2]?.data).toMatchObject({ id: m.id, seq: 1, deleted: true, body: '' });
    await s.close();
  });

  it('replays every change after Last-Event-ID (or ?after) in order, then goes live, sending nothing twice', async () => {
    const a = (await send(t.tokens.customer, 'a', 'c-1')).body.data;
    await send(t.tokens.pm, 'b', 'p-1');
    await send(t.tokens.customer, 'c', 'c-2');
    await t.call('PATCH', `/chat/b1/messages/${a.id}`, { token: t.tokens.customer, body: { body: 'a2' } });
    const s = readStream(await open('/chat/b1/stream', { 'last-event-id': '1' }));
    await s.waitFor(3);
    expect(s.events.map((e) => [e.id, e.event])).toEqual([
      [2, 'message'],
      [3, 'message'],
      [4, 'message.updated'],
    ]);
    await send(t.tokens.pm, 'd', 'p-2');
    await s.waitFor(4);
    expect(s.events.map((e) => e.id)).toEqual([2, 3, 4, 5]);
    await s.close();
    const q = readStream(await open('/chat/b1/stream?after=3'));
    await q.waitFor(2);
    expect(q.events.map((e) => e.id)).toEqual([4, 5]);
    await q.close();
  });

  it('refuses a Last-Event-ID or after that is not a seq with 400 INVALID_SEQ', async () => {
    for (const [path, headers] of [
      ['/chat/b1/stream', { 'last-event-id': 'abc' }],
      ['/chat/b1/stream', { 'last-event-id': '-1' }],
      ['/chat/b1/stream?after=1.5', {}],
    ] as const) {
      const res = await open(path, headers);
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('INVALID_SEQ');
    }
  });

  it('is 404 for a booking the caller may not see, 401 without a token or ticket', async () => {
    expect((await open('/chat/b1/stream', {}, t.tokens.stranger)).status).toBe(404);
    const res = await open('/chat/b1/stream', {}, null);
    expect(res.status).toBe(401);
  });

  it('waits a moment for a seq allocated but not yet written, so a later change never overtakes it', async () => {
    const s = readStream(await open('/chat/b1/stream'));
    await s.waitForPings(1);
    const repo = t.app.chat.repo;
    const slow = await repo.allocateSeq('b1');
    const later = (await send(t.tokens.pm, 'later', 'p-1')).body.data;
    await Bun.sleep(40);
    expect(s.events).toHaveLength(0);
    await repo.messages.insertOne({
      _id: 'slow-1',
      conversationId: 'b1',
      seq: slow,
      senderId: 'cust-1',
      senderKey: 'c:cust-1',
      sender: { id: 'cust-1', role: 'customer' },
      clientMessageId: 'slow',
      body: 'slow',
      masked: false,
      createdAt: new Date().toISOString(),
      deleted: false,
    });
    await repo.appendEvent('b1', slow, 'message', 'slow-1');
    t.notices.publish('b1', slow);
    await s.waitFor(2);
    expect(s.events.map((e) => e.id)).toEqual([slow, later.seq]);
    await s.close();
  });

  it('passes over a seq whose write never happened after the gap wait', async () => {
    const s = readStream(await open('/chat/b1/stream'));
    await s.waitForPings(1);
    await t.app.chat.repo.allocateSeq('b1');
    const later = (await send(t.tokens.pm, 'later', 'p-1')).body.data;
    await s.waitFor(1, 2000);
    expect(s.events.map((e) => e.id)).toEqual([later.seq]);
    await s.close();
  });
});

describe('access while streaming', () => {
  it("ends a PM's stream within a heartbeat or two once the booking is re-assigned away (facts refreshed after 5 s)", async () => {
    const s = readStream(await open('/chat/b1/stream', {}, t.tokens.pm));
    await s.waitForPings(1);
    t.addBooking('b1', { pm: { id: 'pm-bo', slug: 'bo', name: 'Bo' } });
    t.clock.advance(5_001);
    await s.waitForEnd(3000);
    expect(t.app.chat.presence.openHere()).toBe(0);
    // The customer's stream is not affected.
    const c = readStream(await open('/chat/b1/stream'));
    await c.waitForPings(3, 3000);
    expect(c.ended).toBe(false);
    await c.close();
  });
});

describe('stream tickets', () => {
  it('opens the stream with ?ticket= once (single use, bound to the booking), without an Authorization header', async () => {
    t.addBooking('b2');
    const made = await t.call('POST', '/chat/stream-tickets', { token: t.tokens.customer, body: { bookingId: 'b1' } });
    expect(made.status).toBe(201);
    expect(Date.parse(made.body.data.expiresAt) - t.clock.now()).toBe(60_000);
    const { ticket } = made.body.data;
    const other = (await t.call('POST', '/chat/stream-tickets', { token: t.tokens.customer, body: { bookingId: 'b2' } })).body.data.ticket;
    const wrongBooking = await open(`/chat/b1/stream?ticket=${other}`, {}, null);
    expect(wrongBooking.status).toBe(401);
    expect((await wrongBooking.json()).error.code).toBe('INVALID_STREAM_TICKET');
    const res = await open(`/chat/b1/stream?ticket=${ticket}`, {}, null);
    expect(res.status).toBe(200);
    const s = readStream(res);
    await send(t.tokens.pm, 'hi', 'p-1');
    await s.waitFor(1);
    await s.close();
    const again = await open(`/chat/b1/stream?ticket=${ticket}`, {}, null);
    expect(again.status).toBe(401);
    expect((await again.json()).error.code).toBe('INVALID_STREAM_TICKET');
    expect((await open('/chat/b1/stream?ticket=made-up-ticket-000000000', {}, null)).status).toBe(401);
  });

  it('gives tickets only to those who may see the conversation', async () => {
    expect((await t.call('POST', '/chat/stream-tickets', { token: t.tokens.stranger, body: { bookingId: 'b1' } })).status).toBe(404);
    expect((await t.call('POST', '/chat/stream-tickets', { body: { bookingId: 'b1' } })).status).toBe(401);
  });
});

describe('resources', () => {
  it('frees every listener and presence mark when clients go away (no leak over many reconnects)', async () => {
    const notices = createMemoryNotices();
    let listeners = 0;
    const counted = {
      ...notices,
      subscribe(bookingId: string, l: (seq: number) => void) {
        listeners++;
        const off = notices.subscribe(bookingId, l);
        return () => {
          listeners--;
          off();
        };
      },
    };
    const u = await createMessagingUnderTest({ notices: counted, heartbeatMs: 200 });
    u.addBooking('b1');
    for (let round = 0; round < 5; round++) {
      const streams = await Promise.all(
        Array.from({ length: 40 }, async () =>
          readStream(await u.app.handle(new Request('http://localhost/chat/b1/stream', { headers: { authorization: `Bearer ${u.tokens.customer}` } }))),
        ),
      );
      await Promise.all(streams.map((s) => s.waitForPings(1)));
      expect(listeners).toBe(40);
      expect(u.app.chat.presence.openHere()).toBe(40);
      await Promise.all(streams.map((s) => s.close()));
      expect(listeners).toBe(0);
      expect(u.app.chat.presence.openHere()).toBe(0);
    }
  });
});
