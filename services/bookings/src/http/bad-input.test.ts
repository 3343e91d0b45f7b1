import { beforeAll, describe, expect, it } from 'bun:test';
import { expectErrorEnvelope, GARBAGE_BODIES } from '@tm/shared/testing';
import { type BookingsUnderTest, createBookingsUnderTest } from '../testing/bookings-under-test.ts';

/**
 * Garbage at every route: bodies, paths, queries and headers a client might send by mistake or
 * on purpose. Each must answer 4xx in the envelope with a string code, never a 500, and leave
 * the stored booking as it was.
 */
let t: BookingsUnderTest;
let token: string;
let bookingId: string;
let before: unknown;
beforeAll(async () => {
  t = await createBookingsUnderTest();
  token = (await t.tokenFor('customer')).token;
  bookingId = (await t.call('POST', '/bookings', { token, body: { items: [{ serviceId: 'x' }] } })).body.data.id;
  before = await t.parts.bookings.findById(bookingId);
});

const BODIES = [
  ...GARBAGE_BODIES,
  '{"items":',
  '{"items":[{"serviceId":null}]}',
  '{"items":[{"serviceId":"x","hours":"10"}]}',
  '{"items":[{"serviceId":"x","hours":1e309}]}',
  '{"bookingId":{"$gt":""}}',
  '{"pmId":["a"]}',
  '{"reason":123}',
  '{"guestToken":""}',
  '{"razorpay_order_id":1}',
  '{"items":[{"serviceId":"x"}],"acceptedTermsVersion":"latest"}',
  '{"items":[{"serviceId":"x"}],"acceptedTermsVersion":{"$gt":0}}',
  '{"items":[{"serviceId":"x"}],"acceptedTermsVersion":-1}',
];
// Transitions aim at an id nobody has, so a body that happens to be valid (cancel takes none) changes nothing.
const UNKNOWN = 'f'.repeat(24);
const POSTS = ['/bookings', '/bookings/claim', `/bookings/${UNKNOWN}/cancel`, `/bookings/${UNKNOWN}/assign`, '/payments', `/payments/${UNKNOWN}/verify`];

describe('bad input never answers 500', () => {
  it('answers every garbage body on every POST with a 4xx envelope', async () => {
    for (const path of POSTS) {
      for (const raw of BODIES) {
        for (const type of ['application/json', 'text/plain', 'application/x-www-form-urlencoded']) {
          const res = await t.call('POST', path, { token, raw, headers: { 'content-type': type } });
          const where = `${path} ${type} ${raw.slice(0, 40)}`;
          expectErrorEnvelope(res, where);
        }
      }
    }
    expect(await t.parts.bookings.findById(bookingId)).toEqual(before as never);
  });

  it('answers bad paths, queries and headers with 4xx envelopes', async () => {
    const cases: [string, string, Record<string, string>][] = [
      ['GET', `/bookings/${'x'.repeat(101)}`, {}],
      ['GET', '/bookings/%00', {}],
      ['GET', '/bookings/..%2F..%2Fetc', {}],
      ['GET', '/bookings?page=1e3', {}],
      ['GET', '/bookings?limit=', {}],
      ['GET', '/payments?bookingId[$ne]=x', {}],
      ['GET', '/payments/zz', {}],
      ['POST', '/bookings', { 'x-country': '../../' }],
      ['POST', '/bookings', { 'idempotency-key': 'has space' }],
      ['POST', '/payments/abc/dev/succeed', {}],
    ];
    for (const [method, path, headers] of cases) {
      const res = await t.call(method, path, { token, headers, ...(method === 'POST' ? { body: { items: [{ serviceId: 'x' }] } } : {}) });
      expectErrorEnvelope(res, `${method} ${path}`);
    }
  });
});
