import { describe, expect, it } from 'bun:test';
import { INTERNAL_LEGAL_ACCEPTANCES_PATH, LEGAL_ACCEPTANCE_CHECK_PATH } from '@tm/contracts';
import { UNKNOWN_CLIENT_IP } from '@tm/shared/http';
import { createContentUnderTest } from '../testing.ts';

const EN = { title: 'Terms', body: 'Changed.' };

describe('POST /legal/acceptances', () => {
  it("records the caller, the server's time, the gateway's client IP and the user agent, and answers 201", async () => {
    const t = await createContentUnderTest();
    const { sub, token } = await t.tokenFor('guest');
    const res = await t.call('POST', '/legal/acceptances', {
      token,
      body: { type: 'terms', version: 1 },
      headers: { 'x-country': 'DE', 'x-lang': 'de', 'x-forwarded-for': '198.51.100.7', 'user-agent': 'Browser/2' },
    });
    expect(res.status).toBe(201);
    const terms = (await t.call('GET', '/legal/terms', { headers: { 'x-country': 'DE', 'x-lang': 'de' } })).body.data;
    expect(res.body.data).toEqual({ type: 'terms', market: 'DE', version: 1, lang: 'de', bodyHash: terms.bodyHash, acceptedAt: '2026-03-01T10:00:00.000Z' });
    const stored = await t.documents.collection('legal_acceptances').find({ userId: sub }).toArray();
    expect(stored).toEqual([expect.objectContaining({ role: 'guest', ip: '198.51.100.7', userAgent: 'Browser/2', source: 'api' })]);
  });

  it('stores no IP when neither the gateway nor a socket tells one, nor the placeholder the gateway sends then', async () => {
    const t = await createContentUnderTest();
    const first = await t.tokenFor('customer');
    expect((await t.call('POST', '/legal/acceptances', { token: first.token, body: { type: 'terms', version: 1 } })).status).toBe(201);
    // A gateway that had no address for its client forwards the placeholder as the client's entry.
    const second = await t.tokenFor('customer');
    const headers = { 'x-forwarded-for': UNKNOWN_CLIENT_IP };
    expect((await t.call('POST', '/legal/acceptances', { token: second.token, body: { type: 'terms', version: 1 }, headers })).status).toBe(201);
    const stored = await t.documents.collection('legal_acceptances').find({}).toArray();
    expect(stored.map((a) => a.userId).sort()).toEqual([first.sub, second.sub].sort());
    for (const acceptance of stored) expect(acceptance.ip).toBeUndefined();
  });

  it('answers the same acceptance again with 200 and the stored record, storing nothing new', async () => {
    const t = await createContentUnderTest();
    const { token } = await t.tokenFor('customer');
    expect((await t.call('POST', '/legal/acceptances', { token, body: { type: 'privacy', version: 1 } })).status).toBe(201);
    t.clock.advance(60_000);
    const again = await t.call('POST', '/legal/acceptances', { token, body: { type: 'privacy', version: 1 } });
    expect(again.status).toBe(200);
    expect(again.body.data.acceptedAt).toBe('2026-03-01T10:00:00.000Z');
    expect(await t.documents.collection('legal_acceptances').countDocuments({})).toBe(1);
  });

  it('stores one acceptance when ten identical ones arrive at once', async () => {
    const t = await createContentUnderTest();
    const { sub, token } = await t.tokenFor('customer');
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.call('POST', '/legal/acceptances', { token, body: { type: 'terms', version: 1 } })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(9);
    expect(await t.documents.collection('legal_acceptances').countDocuments({ userId: sub })).toBe(1);
  });

  it('refuses a version that is not the one in effect with 409 LEGAL_VERSION_NOT_CURRENT', async () => {
    const t = await createContentUnderTest();
    const { token } = await t.tokenFor('customer');
    const res = await t.call('POST', '/legal/acceptances', { token, body: { type: 'terms', version: 2 } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('LEGAL_VERSION_NOT_CURRENT');
    expect(await t.documents.collection('legal_acceptances').countDocuments({})).toBe(0);
  });

  it('needs a signed-in caller (401) and a known type and whole version (400)', async () => {
    const t = await createContentUnderTest();
    expect((await t.call('POST', '/legal/acceptances', { body: { type: 'terms', version: 1 } })).status).toBe(401);
    expect((await t.call('POST', '/legal/acceptances', { body: { type: 'terms', version: 1 }, headers: { authorization: 'Bearer nope' } })).status).toBe(401);
    const { token } = await t.tokenFor('customer');
    for (const body of [{ type: 'eula', version: 1 }, { type: 'terms', version: 1.5 }, { type: 'terms' }, { type: 'terms', version: 1, extra: true }]) {
      const res = await t.call('POST', '/legal/acceptances', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('GET /legal/pending', () => {
  it("lists what the caller's role must accept, and drops each once accepted", async () => {
    const t = await createContentUnderTest();
    const customer = await t.tokenFor('customer');
    const pending = await t.call('GET', '/legal/pending', { token: customer.token, headers: { 'x-country': 'IN', 'x-lang': 'hi' } });
    expect(pending.body.data.map((d: { type: string }) => d.type)).toEqual(['terms', 'privacy']);
    expect(pending.body.data[0]).toMatchObject({ market: 'IN', version: 1, lang: 'hi', url: '/api/legal/terms' });
    await t.call('POST', '/legal/acceptances', { token: customer.token, body: { type: 'terms', version: 1 } });
    expect((await t.call('GET', '/legal/pending', { token: customer.token })).body.data.map((d: { type: string }) => d.type)).toEqual(['privacy']);
    const pm = await t.tokenFor('pm');
    expect((await t.call('GET', '/legal/pending', { token: pm.token })).body.data.map((d: { type: string }) => d.type)).toEqual([
      'talent-agreement',
      'privacy',
    ]);
    const admin = await t.tokenFor('admin');
    expect((await t.call('GET', '/legal/pending', { token: admin.token })).body.data).toEqual([]);
    expect((await t.call('GET', '/legal/pending')).status).toBe(401);
  });

  it('carries an acceptance over a non-material version and asks again after a material one', async () => {
    const t = await createContentUnderTest();
    const admin = await t.tokenFor('admin');
    const customer = await t.tokenFor('customer');
    await t.call('POST', '/legal/acceptances', { token: customer.token, body: { type: 'terms', version: 1 }, headers: { 'x-country': 'US' } });
    const publish = (material: boolean) =>
      t.call('POST', '/legal/terms/versions', {
        token: admin.token,
        body: { market: 'US', effectiveAt: '2026-02-01T00:00:00Z', material, translations: { en: EN } },
      });
    const types = async () => (await t.call('GET', '/legal/pending', { token: customer.token, headers: { 'x-country': 'US' } })).body.data;
    await publish(false);
    expect((await types()).map((d: { type: string }) => d.type)).toEqual(['privacy']);
    await publish(true);
    const after = await types();
    expect(after[0]).toMatchObject({ type: 'terms', version: 3, material: true, acceptedVersion: 1 });
  });
});

describe("bookings' internal legal calls", () => {
  it('answers the version in effect, whether a person accepted it, and records an acceptance made at checkout', async () => {
    const t = await createContentUnderTest();
    const current = await t.call('GET', '/internal/legal/terms/current?market=AE');
    expect(current.body.data).toEqual({ type: 'terms', market: 'AE', version: 1, effectiveAt: '2025-01-01T00:00:00.000Z' });
    const check = () => t.call('GET', `${LEGAL_ACCEPTANCE_CHECK_PATH}?userId=u-1&type=terms&market=AE&version=1`);
    expect((await check()).body.data).toEqual({ accepted: false });
    const body = {
      userId: 'u-1',
      role: 'customer',
      type: 'terms',
      market: 'AE',
      version: 1,
      lang: 'ar',
      ip: '192.0.2.1',
      userAgent: 'App/3',
      source: 'checkout',
    };
    const recorded = await t.call('POST', INTERNAL_LEGAL_ACCEPTANCES_PATH, { body });
    expect(recorded.status).toBe(201);
    expect(recorded.body.data).toMatchObject({ lang: 'ar', version: 1 });
    expect((await t.call('POST', INTERNAL_LEGAL_ACCEPTANCES_PATH, { body })).status).toBe(200);
    expect((await check()).body.data).toEqual({ accepted: true });
    const stale = await t.call('POST', INTERNAL_LEGAL_ACCEPTANCES_PATH, { body: { ...body, version: 2 } });
    expect(stale.body.error.code).toBe('LEGAL_VERSION_NOT_CURRENT');
    expect((await t.call('GET', '/internal/legal/terms/current?market=XX')).status).toBe(400);
    expect((await t.call('GET', '/internal/legal/cookies/current?market=IN')).status).toBe(404);
  });
});
