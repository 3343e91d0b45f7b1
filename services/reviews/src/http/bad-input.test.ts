import { beforeAll, describe, expect, it } from 'bun:test';
import { createReviewsUnderTest, type ReviewsUnderTest } from '../testing.ts';

/**
 * Garbage at every route, as the other services are fuzzed (services/growth/src/http/bad-input.test.ts):
 * bodies, paths, queries and headers a client might send by mistake or on purpose. Each route
 * answers 4xx in the envelope with a string code, never a 500, and nothing is stored.
 */
let t: ReviewsUnderTest;
let tokens: Record<'customer' | 'pm' | 'admin', string>;
let reviewId: string;
beforeAll(async () => {
  t = await createReviewsUnderTest();
  tokens = {
    customer: (await t.tokenFor('customer', 'cust-1')).token,
    pm: (await t.tokenFor('pm', 'pm-acct-1', 'pm-profile-1')).token,
    admin: (await t.tokenFor('admin')).token,
  };
  const completedAt = new Date(t.clock.now() - 86_400_000).toISOString();
  t.bookings.set('b1', {
    id: 'b1',
    number: 'n',
    status: 'completed',
    market: 'DE',
    customerId: 'cust-1',
    pm: { id: 'pm-profile-1', slug: 'g', name: 'G' },
    serviceIds: ['s1'],
    completedAt,
    updatedAt: completedAt,
  });
  const text = 'A review of twenty characters or more.';
  reviewId = (await t.call('POST', '/reviews', { token: tokens.customer, body: { bookingId: 'b1', rating: 5, text } })).body.data.id;
  await t.call('POST', '/reviews', { token: tokens.pm, body: { bookingId: 'b1', rating: 5, text } });
});

const BODIES = [
  '',
  'null',
  '[]',
  '"text"',
  '42',
  '{',
  '{"bookingId":',
  '{"bookingId":{"$ne":""},"rating":5,"text":"a text long enough to pass"}',
  '{"bookingId":"b1","rating":1e309,"text":"a text long enough to pass"}',
  '{"bookingId":"b1","rating":-1,"text":"a text long enough to pass"}',
  '{"bookingId":"b1","rating":5,"text":["a text long enough to pass"]}',
  '{"bookingId":"b1","rating":5,"ratings":{"quality":5},"text":"a text long enough to pass"}',
  '{"bookingId":"b1","rating":5,"text":"a text long enough to pass","lang":"english"}',
  '{"rating":{"$gt":0}}',
  '{"text":""}',
  '{"text":{"$set":{"status":"published"}}}',
  '{"reasonCode":"stars"}',
  '{"reasonCode":["abuse"]}',
  '{"reason":""}',
  '{"reason":{"x":1}}',
  `{"deep":${'['.repeat(200)}${']'.repeat(200)}}`,
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
];

describe('bad input never answers 500', () => {
  it('answers every garbage body on every write with a 4xx envelope, and stores nothing', async () => {
    const routes: [string, string, keyof typeof tokens][] = [
      ['POST', '/reviews', 'customer'],
      ['PATCH', `/reviews/${reviewId}`, 'customer'],
      ['POST', `/reviews/${reviewId}/reply`, 'pm'],
      ['POST', `/reviews/${reviewId}/report`, 'customer'],
      ['POST', `/reviews/${reviewId}/hide`, 'admin'],
    ];
    const before = (await t.call('GET', `/reviews/${reviewId}`, { token: tokens.admin })).body.data;
    for (const [method, path, who] of routes) {
      for (const raw of BODIES) {
        for (const type of ['application/json', 'text/plain']) {
          const res = await t.call(method, path, { token: tokens[who], raw, headers: { 'content-type': type } });
          const where = `${method} ${path} ${type} ${raw.slice(0, 50)}`;
          expect(res.status, where).toBeGreaterThanOrEqual(400);
          expect(res.status, where).toBeLessThan(500);
          expect(res.body.success, where).toBe(false);
          expect(typeof res.body.error?.code, where).toBe('string');
        }
      }
    }
    expect((await t.call('GET', `/reviews/${reviewId}`, { token: tokens.admin })).body.data).toEqual(before);
    expect((await t.call('GET', '/reviews/moderation', { token: tokens.admin })).body.data.reportsOpen).toBe(0);
  });

  it('answers bad paths, queries and headers with 4xx envelopes', async () => {
    const cases: [string, string, Record<string, string>][] = [
      ['GET', `/reviews/${'a'.repeat(200)}`, {}],
      ['GET', '/reviews/%00', {}],
      ['GET', '/reviews/..%2F..%2Fetc', {}],
      ['GET', '/reviews?serviceId=', {}],
      ['GET', `/reviews?serviceId=${'x'.repeat(101)}`, {}],
      ['GET', '/reviews?serviceId=s1&page=1e3', {}],
      ['GET', '/reviews?serviceId=s1&page=0', {}],
      ['GET', '/reviews?pmId=p&limit=-1', {}],
      ['GET', '/reviews?serviceId[$ne]=x', {}],
      ['GET', '/reviews/summary', {}],
      ['GET', '/reviews/summary?serviceId=a&pmId=b', {}],
      ['GET', '/internal/ratings/customer/x', {}],
      ['POST', '/reviews/ffffffffffffffffffffffff/restore', { authorization: 'Bearer garbage' }],
      ['GET', '/reviews/moderation', { authorization: 'Basic abc' }],
      ['POST', '/reviews/ffffffffffffffffffffffff/hide', {}],
      ['PATCH', '/reviews/..%2F', {}],
    ];
    for (const [method, path, headers] of cases) {
      const res = await t.call(method, path, {
        token: headers.authorization ? undefined : tokens.admin,
        headers,
        ...(method !== 'GET' ? { body: { reasonCode: 'spam', rating: 3 } } : {}),
      });
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      expect(res.body.success, `${method} ${path}`).toBe(false);
    }
  });
});
