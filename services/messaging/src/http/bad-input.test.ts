import { beforeAll, describe, expect, it } from 'bun:test';
import { expectErrorEnvelope, GARBAGE_BODIES } from '@tm/shared/testing';
import { createMessagingUnderTest, type MessagingUnderTest } from '../testing.ts';

/**
 * Garbage at every route: bodies, paths, queries and headers a client might send by mistake or
 * on purpose. Each answers 400 (or 401/404 where that is the answer) in the envelope with a
 * stable code, never a 500, and nothing is stored.
 */
let t: MessagingUnderTest;
let messageId: string;
beforeAll(async () => {
  t = await createMessagingUnderTest({ perMinute: 10_000 });
  t.addBooking('b1');
  messageId = (await t.call('POST', '/chat/b1/messages', { token: t.tokens.customer, body: { body: 'kept', clientMessageId: 'seed' } })).body.data.id;
});

const GARBAGE = [
  ...GARBAGE_BODIES,
  'true',
  '{"body":',
  '{"body":null,"clientMessageId":"a"}',
  '{"body":"","clientMessageId":"a"}',
  '{"body":"   \\n\\t ","clientMessageId":"a"}',
  `{"body":"${'x'.repeat(4001)}","clientMessageId":"a"}`,
  '{"body":"hi"}',
  '{"body":"hi","clientMessageId":""}',
  '{"body":"hi","clientMessageId":"has space"}',
  `{"body":"hi","clientMessageId":"${'a'.repeat(65)}"}`,
  '{"body":"hi","clientMessageId":"é"}',
  '{"body":"hi","clientMessageId":42}',
  '{"body":["hi"],"clientMessageId":"a"}',
  '{"body":{"$gt":""},"clientMessageId":"a"}',
  '{"body":"hi","clientMessageId":"a","extra":1}',
  '{"seq":-1}',
  '{"seq":1.5}',
  '{"seq":"3"}',
  '{"seq":1e400}',
  '{"bookingId":""}',
  '{"bookingId":"../etc"}',
  '{"bookingId":42}',
];

/** The code a garbage body gets: MALFORMED_JSON when it is not JSON, the shared body-shape guard's VALIDATION_FAILED when too deep or prototype-polluting, else one of the route's own. */
function codesFor(raw: string, own: readonly string[]): readonly string[] {
  try {
    JSON.parse(raw);
  } catch {
    return ['MALFORMED_JSON', ...(raw === '' ? own : [])];
  }
  return raw.startsWith('{"deep"') || raw.includes('__proto__') ? ['VALIDATION_FAILED'] : own;
}

const ROUTES: readonly [method: string, path: () => string, own: readonly string[], valid: (raw: string) => boolean][] = [
  ['POST', () => '/chat/b1/messages', ['INVALID_MESSAGE', 'INVALID_CLIENT_MESSAGE_ID'], () => false],
  ['PATCH', () => `/chat/b1/messages/${messageId}`, ['INVALID_MESSAGE'], (raw) => /^\{"body":"hi"\}$/.test(raw)],
  ['POST', () => '/chat/b1/read', ['INVALID_SEQ'], () => false],
  ['POST', () => '/chat/stream-tickets', ['INVALID_BODY'], () => false],
];

describe('bad input never answers 500', () => {
  it('answers every garbage body with 400 in the envelope and the route’s stable code', async () => {
    for (const [method, path, own, valid] of ROUTES) {
      for (const raw of GARBAGE) {
        if (valid(raw)) continue;
        for (const type of ['application/json', 'text/plain']) {
          const res = await t.call(method, path(), { raw, token: t.tokens.customer, headers: { 'content-type': type } });
          const where = `${method} ${path()} ${type} ${raw.slice(0, 40)}`;
          expectErrorEnvelope(res, where);
          if (type === 'application/json') {
            expect(res.status, where).toBe(400);
            expect(codesFor(raw, own), where).toContain(res.body.error.code);
          }
        }
      }
    }
    expect(await t.documents.collection('messages').countDocuments({})).toBe(1);
    const kept = (await t.call('GET', '/chat/b1/messages', { token: t.tokens.customer })).body.data[0];
    expect(kept.body).toBe('kept');
  });

  it('answers bad queries with 400 and INVALID_LIMIT, INVALID_PAGE or INVALID_SEQ', async () => {
    const cases: [string, string][] = [
      ['/chat/conversations?limit=0', 'INVALID_LIMIT'],
      ['/chat/conversations?limit=101', 'INVALID_LIMIT'],
      ['/chat/conversations?limit=abc', 'INVALID_LIMIT'],
      ['/chat/conversations?page=0', 'INVALID_PAGE'],
      ['/chat/conversations?page=-1', 'INVALID_PAGE'],
      ['/chat/conversations?page=1e3', 'INVALID_PAGE'],
      ['/chat/b1/messages?after=-1', 'INVALID_SEQ'],
      ['/chat/b1/messages?after=x', 'INVALID_SEQ'],
      ['/chat/b1/messages?before=1.5', 'INVALID_SEQ'],
      [`/chat/b1/messages?after=${'9'.repeat(30)}`, 'INVALID_SEQ'],
      ['/chat/b1/messages?limit=1000', 'INVALID_LIMIT'],
      ['/chat/b1/stream?after=%00', 'INVALID_SEQ'],
    ];
    for (const [path, code] of cases) {
      const res = await t.call('GET', path, { token: t.tokens.customer });
      expect(res.status, path).toBe(400);
      expect(res.body.error.code, path).toBe(code);
    }
  });

  it('answers bad paths with 400 INVALID_ID and bad headers with 4xx envelopes', async () => {
    for (const path of [`/chat/${'x'.repeat(101)}/messages`, '/chat/%00/messages', '/chat/a%20b/messages', `/chat/b1/messages/${'m'.repeat(200)}`]) {
      const method = path.split('/').length > 4 ? 'DELETE' : 'GET';
      const res = await t.call(method, path, { token: t.tokens.customer });
      expect(res.status, path).toBe(400);
      expect(res.body.error.code, path).toBe('INVALID_ID');
    }
    // Tokens that are not tokens: 401 on every route, the stream included.
    for (const authorization of ['Bearer ', 'Basic abc', `Bearer ${'x'.repeat(5000)}`, 'Bearer a.b.c']) {
      for (const path of ['/chat/b1/messages', '/chat/conversations', '/chat/b1/stream']) {
        const res = await t.call('GET', path, { headers: { authorization } });
        expect(res.status, `${path} ${authorization.slice(0, 20)}`).toBe(401);
        expectErrorEnvelope(res, path);
      }
    }
    for (const id of ['12abc', '-1', '1.0', ' ', '9'.repeat(20)]) {
      const res = await t.call('GET', '/chat/b1/stream', { token: t.tokens.customer, headers: { 'last-event-id': id } });
      expect(res.status, id).toBe(400);
      expect(res.body.error.code, id).toBe('INVALID_SEQ');
    }
    const ticketTooLong = await t.call('GET', `/chat/b1/stream?ticket=${'t'.repeat(400)}`);
    expect(ticketTooLong.status).toBe(401);
    expect(ticketTooLong.body.error.code).toBe('INVALID_STREAM_TICKET');
  });
});
