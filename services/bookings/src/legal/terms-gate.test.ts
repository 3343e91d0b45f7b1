import { describe, expect, it } from 'bun:test';
import { createBookingsUnderTest } from '../testing/bookings-under-test.ts';
import { createFakeLegal } from '../testing/fake-legal.ts';

const CART = { items: [{ serviceId: 'react-developer', hours: 10 }] };

async function gated() {
  const legal = createFakeLegal();
  const t = await createBookingsUnderTest({ legal });
  const { sub, token } = await t.tokenFor('customer');
  return { t, legal, sub, token };
}

describe('the checkout gate', () => {
  it('answers 409 LEGAL_ACCEPTANCE_REQUIRED when the terms in effect were not accepted, and stores nothing', async () => {
    const { t, token } = await gated();
    const res = await t.call('POST', '/bookings', { token, body: CART, headers: { 'x-country': 'DE' } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('LEGAL_ACCEPTANCE_REQUIRED');
    expect(res.body.error.message).toContain('/api/legal/terms');
    expect(t.catalog.calls).toBe(0);
    expect(await t.parts.bookings.find({}, 10)).toEqual([]);
  });

  it('records the acceptance sent with the booking (IP, user agent, language) and stores the version sold under', async () => {
    const { t, legal, sub, token } = await gated();
    const res = await t.call('POST', '/bookings', {
      token,
      body: { ...CART, acceptedTermsVersion: 1 },
      headers: { 'x-country': 'DE', 'x-lang': 'de', 'x-forwarded-for': '203.0.113.5', 'user-agent': 'Shop/1' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.legal).toEqual({ terms: 1 });
    expect(legal.recorded).toEqual([{ userId: sub, role: 'customer', market: 'DE', version: 1, lang: 'de', ip: '203.0.113.5', userAgent: 'Shop/1' }]);
    // Accepted once, the next booking needs no acceptedTermsVersion.
    const next = await t.call('POST', '/bookings', { token, body: CART, headers: { 'x-country': 'DE' } });
    expect(next.status).toBe(201);
    expect(next.body.data.legal).toEqual({ terms: 1 });
    // Another market has its own terms.
    expect((await t.call('POST', '/bookings', { token, body: CART, headers: { 'x-country': 'US' } })).body.error.code).toBe('LEGAL_ACCEPTANCE_REQUIRED');
  });

  it('keeps no refusal for an Idempotency-Key: once the person accepted, the same checkout with the same key books', async () => {
    const { t, legal, sub, token } = await gated();
    const headers = { 'idempotency-key': 'checkout-1' };
    expect((await t.call('POST', '/bookings', { token, body: CART, headers })).body.error.code).toBe('LEGAL_ACCEPTANCE_REQUIRED');
    legal.accepted.add(`${sub}:IN:1`);
    const booked = await t.call('POST', '/bookings', { token, body: CART, headers });
    expect(booked.status).toBe(201);
    const replay = await t.call('POST', '/bookings', { token, body: CART, headers });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.data.id).toBe(booked.body.data.id);
  });

  it('lets a guest accept and book', async () => {
    const { t } = await gated();
    const guest = await t.tokenFor('guest');
    const res = await t.call('POST', '/bookings', { token: guest.token, body: { ...CART, acceptedTermsVersion: 1 } });
    expect(res.status).toBe(201);
    expect(res.body.data.legal).toEqual({ terms: 1 });
  });

  it('answers 409 LEGAL_VERSION_NOT_CURRENT for a version that is not in effect, and after the terms changed', async () => {
    const { t, legal, token } = await gated();
    const stale = await t.call('POST', '/bookings', { token, body: { ...CART, acceptedTermsVersion: 2 } });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('LEGAL_VERSION_NOT_CURRENT');
    expect((await t.call('POST', '/bookings', { token, body: { ...CART, acceptedTermsVersion: 1 } })).status).toBe(201);
    legal.versions.IN = 2;
    expect((await t.call('POST', '/bookings', { token, body: CART })).body.error.code).toBe('LEGAL_ACCEPTANCE_REQUIRED');
    expect((await t.call('POST', '/bookings', { token, body: { ...CART, acceptedTermsVersion: 1 } })).body.error.code).toBe('LEGAL_VERSION_NOT_CURRENT');
    const accepted = await t.call('POST', '/bookings', { token, body: { ...CART, acceptedTermsVersion: 2 } });
    expect(accepted.body.data.legal).toEqual({ terms: 2 });
    expect(await t.parts.bookings.find({}, 10)).toHaveLength(2);
  });

  it('answers 503 SERVICE_UNAVAILABLE when content cannot be asked: it never sells without knowing the terms', async () => {
    const { t, legal, token } = await gated();
    legal.down = true;
    for (const body of [CART, { ...CART, acceptedTermsVersion: 1 }]) {
      const res = await t.call('POST', '/bookings', { token, body });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
    }
    expect(await t.parts.bookings.find({}, 10)).toEqual([]);
  });

  it('refuses an acceptedTermsVersion that is not a whole version number with 400', async () => {
    const { t, token } = await gated();
    for (const v of [0, -1, 1.5, 'one', null, 1e9, true]) {
      const res = await t.call('POST', '/bookings', { token, body: { ...CART, acceptedTermsVersion: v } });
      expect(res.status, String(v)).toBe(400);
    }
  });
});
