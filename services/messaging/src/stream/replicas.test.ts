import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { silentLogger } from '@tm/shared';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { redisKeyValueStoreUnderTest, testRedisUrl } from '@tm/shared/testing';
import { readStream } from '../testing/sse.ts';
import { createFakeBookings, createMessagingUnderTest, createSigning, type MessagingUnderTest } from '../testing.ts';
import { createRedisNotices, type Notices } from './notices.ts';

/**
 * Two messaging replicas sharing one document store (standing in for MongoDB, the log) and one
 * real Redis (tickets, counters, and the notices over pub/sub). Heartbeats are left at 8 s, so
 * a change can only reach the other replica within 1 s through Redis.
 */
let a: MessagingUnderTest;
let b: MessagingUnderTest;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  const documents = createEmbeddedDocumentStore();
  const signing = await createSigning();
  const bookings = createFakeBookings();
  const kv = redisKeyValueStoreUnderTest('messaging');
  const prefix = `${kv.prefix}n:`;
  const notices: Notices[] = [0, 1].map(() => createRedisNotices({ url: testRedisUrl(), prefix, logger: silentLogger }));
  cleanups.push(async () => {
    for (const n of notices) await n.close();
    await kv.cleanup();
  });
  a = await createMessagingUnderTest({ documents, keyValue: kv.store, notices: notices[0], signing, bookings, perMinute: 10_000 });
  b = await createMessagingUnderTest({ documents, keyValue: kv.store, notices: notices[1], signing, bookings, perMinute: 10_000 });
  a.addBooking('b1');
  // Let both subscriber connections come up.
  await Bun.sleep(100);
});

afterAll(async () => {
  for (const c of cleanups) await c();
});

const streamOn = async (t: MessagingUnderTest, headers: Record<string, string> = {}) =>
  readStream(await t.app.handle(new Request('http://localhost/chat/b1/stream', { headers: { authorization: `Bearer ${t.tokens.pm}`, ...headers } })));

const sendOn = (t: MessagingUnderTest, text: string, id: string) =>
  t.call('POST', '/chat/b1/messages', { token: t.tokens.customer, body: { body: text, clientMessageId: id } });

describe('two replicas on one Redis', () => {
  it('delivers a message sent to one replica to a stream held on the other within 1 s', async () => {
    const s = await streamOn(b);
    await s.waitForPings(1);
    await Bun.sleep(50); // the channel subscription is on its way to Redis
    const started = performance.now();
    const sent = (await sendOn(a, 'across', 'x-1')).body.data;
    await s.waitFor(1, 1000);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(s.events[0]).toEqual({ id: sent.seq, event: 'message', data: sent });
    await s.close();
  });

  it('misses nothing and sees nothing twice when a client reconnects to the other replica with Last-Event-ID', async () => {
    const first = await streamOn(b);
    await first.waitForPings(1);
    await Bun.sleep(50);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await sendOn(i % 2 ? b : a, `one ${i}`, `r1-${i}`)).body.data.seq);
    await first.waitFor(5, 1000);
    await first.close();
    // While the client is away, both replicas take messages and an edit.
    for (let i = 0; i < 5; i++) ids.push((await sendOn(i % 2 ? a : b, `gap ${i}`, `r2-${i}`)).body.data.seq);
    const edited = (await a.call('PATCH', `/chat/b1/messages/${first.events[0]?.data.id}`, { token: a.tokens.customer, body: { body: 'edited' } })).body.data;
    expect(edited.editedAt).toBeString();
    const last = first.events.at(-1)?.id as number;
    const again = await streamOn(a, { 'last-event-id': String(last) });
    await again.waitFor(6, 1000);
    for (let i = 0; i < 5; i++) ids.push((await sendOn(i % 2 ? a : b, `live ${i}`, `r3-${i}`)).body.data.seq);
    await again.waitFor(11, 1000);
    await Bun.sleep(100);
    const seen = [...first.events, ...again.events].map((e) => e.id);
    expect(new Set(seen).size).toBe(seen.length);
    const messages = [...first.events, ...again.events].filter((e) => e.event === 'message').map((e) => e.id);
    expect(messages).toEqual(ids);
    expect(again.events.filter((e) => e.event === 'message.updated').map((e) => e.data.body)).toEqual(['edited']);
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
    await again.close();
  });

  it('redeems a ticket made on one replica on the other (tickets live in Redis)', async () => {
    const { ticket } = (await a.call('POST', '/chat/stream-tickets', { token: a.tokens.customer, body: { bookingId: 'b1' } })).body.data;
    const res = await b.app.handle(new Request(`http://localhost/chat/b1/stream?ticket=${ticket}`));
    expect(res.status).toBe(200);
    const s = readStream(res);
    await s.waitForPings(1);
    await s.close();
    expect((await a.app.handle(new Request(`http://localhost/chat/b1/stream?ticket=${ticket}`))).status).toBe(401);
  });
});

describe('Redis away', () => {
  it('still delivers a replica its own changes at once', async () => {
    const notices = createRedisNotices({ url: 'redis://127.0.0.1:1', prefix: 'test:messaging:away:', logger: silentLogger, commandTimeoutMs: 200 });
    try {
      const t = await createMessagingUnderTest({ notices, perMinute: 10_000 });
      t.addBooking('b1');
      const s = readStream(await t.app.handle(new Request('http://localhost/chat/b1/stream', { headers: { authorization: `Bearer ${t.tokens.pm}` } })));
      await s.waitForPings(1);
      const sent = (await t.call('POST', '/chat/b1/messages', { token: t.tokens.customer, body: { body: 'local', clientMessageId: 'l-1' } })).body.data;
      await s.waitFor(1, 1000);
      expect(s.events[0]?.id).toBe(sent.seq);
      await s.close();
    } finally {
      await notices.close();
    }
  });
});
