import { describe, expect, it } from 'bun:test';
import { createContentUnderTest } from '../testing.ts';

describe('the localization bundles', () => {
  it('lists the four locales, Arabic right to left', async () => {
    const t = await createContentUnderTest();
    const res = await t.call('GET', '/i18n/locales');
    expect(res.body.data.map((l: { code: string; dir: string }) => `${l.code}:${l.dir}`)).toEqual(['en:ltr', 'hi:ltr', 'ar:rtl', 'de:ltr']);
  });

  it('serves a language with English filling the keys it lacks, with a strong ETag and 304', async () => {
    const t = await createContentUnderTest();
    const hi = await t.call('GET', '/i18n/hi/checkout');
    expect(hi.status).toBe(200);
    expect(hi.body.data['cart.title']).toBe('आपकी कार्ट');
    expect(hi.body.data['payment.failed']).toBe('The payment did not go through. Please try again.');
    expect(hi.headers.get('content-language')).toBe('hi');
    expect(hi.headers.get('cache-control')).toBe('public, no-cache');
    const etag = hi.headers.get('etag') as string;
    expect(etag).toMatch(/^"[^W]/);
    const again = await t.call('GET', '/i18n/hi/checkout', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('answers an unknown language or namespace with 404', async () => {
    const t = await createContentUnderTest();
    expect((await t.call('GET', '/i18n/fr/common')).body.error.code).toBe('LOCALE_NOT_FOUND');
    expect((await t.call('GET', '/i18n/EN/common')).body.error.code).toBe('LOCALE_NOT_FOUND');
    expect((await t.call('GET', '/i18n/en/nothing')).body.error.code).toBe('NAMESPACE_NOT_FOUND');
    expect((await t.call('GET', '/i18n/en/..%2F..')).status).toBe(404);
  });

  it("lists every language's namespaces in the manifest with the hash each is served with", async () => {
    const t = await createContentUnderTest();
    const manifest = (await t.call('GET', '/i18n/manifest')).body.data;
    expect(Object.keys(manifest)).toEqual(['en', 'hi', 'ar', 'de']);
    expect(Object.keys(manifest.de)).toEqual(['checkout', 'common', 'errors']);
    const etag = (await t.call('GET', '/i18n/de/common')).headers.get('etag');
    expect(`"${manifest.de.common}"`).toBe(etag as string);
  });
});

describe('PUT /i18n/{lang}/{namespace}', () => {
  it('replaces the bundle, moves its hash in the manifest, and is for admins only', async () => {
    const t = await createContentUnderTest();
    const admin = await t.tokenFor('admin');
    const customer = await t.tokenFor('customer');
    const body = { messages: { 'nav.services': 'Angebote', greeting: 'Hallo {name}!' } };
    expect((await t.call('PUT', '/i18n/de/common', { body })).status).toBe(401);
    expect((await t.call('PUT', '/i18n/de/common', { token: customer.token, body })).status).toBe(403);
    const before = (await t.call('GET', '/i18n/manifest')).body.data.de.common;
    const res = await t.call('PUT', '/i18n/de/common', { token: admin.token, body });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ lang: 'de', namespace: 'common', keys: 2 });
    const served = (await t.call('GET', '/i18n/de/common')).body.data;
    expect(served['nav.services']).toBe('Angebote');
    expect(served['nav.signIn']).toBe('Sign in');
    const after = (await t.call('GET', '/i18n/manifest')).body.data.de.common;
    expect(after).not.toBe(before);
    expect(after).toBe(res.body.data.hash);
  });

  it('refuses a message that is not ICU MessageFormat with 400 INVALID_MESSAGE naming the key, storing nothing', async () => {
    const t = await createContentUnderTest();
    const admin = await t.tokenFor('admin');
    for (const bad of ['Hello {name', '{count, plural, one {#}}', '{n, select, a {x}}', '{a, select}']) {
      const res = await t.call('PUT', '/i18n/en/common', { token: admin.token, body: { messages: { ok: 'fine', 'bad.key': bad } } });
      expect(res.status, bad).toBe(400);
      expect(res.body.error.code).toBe('INVALID_MESSAGE');
      expect(res.body.error.message).toContain('bad.key');
    }
    expect((await t.call('GET', '/i18n/en/common')).body.data['nav.services']).toBe('Services');
  });

  it('refuses messages that are not an object with 400 VALIDATION_FAILED, keeping the bundle as it was', async () => {
    const t = await createContentUnderTest();
    const admin = await t.tokenFor('admin');
    const before = (await t.call('GET', '/i18n/en/common')).body.data;
    for (const messages of ['not an object', 12345, true, null, ['a']]) {
      const res = await t.call('PUT', '/i18n/en/common', { token: admin.token, body: { messages } });
      expect({ messages, status: res.status, code: res.body.error?.code }).toEqual({ messages, status: 400, code: 'VALIDATION_FAILED' });
    }
    // No messages at all: the body's schema requires them (guardWrite lets an absent field through to it).
    const missing = await t.call('PUT', '/i18n/en/common', { token: admin.token, body: {} });
    expect({ status: missing.status, code: missing.body.error?.code }).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    expect((await t.call('GET', '/i18n/en/common')).body.data).toEqual(before);
  });

  it('creates a namespace from its English bundle, and refuses a translation of one that does not exist', async () => {
    const t = await createContentUnderTest();
    const admin = await t.tokenFor('admin');
    expect((await t.call('PUT', '/i18n/de/reviews', { token: admin.token, body: { messages: { a: 'A' } } })).body.error.code).toBe('NAMESPACE_NOT_FOUND');
    expect((await t.call('PUT', '/i18n/en/reviews', { token: admin.token, body: { messages: { 'stars.label': '{n, number} stars' } } })).status).toBe(200);
    expect((await t.call('GET', '/i18n/de/reviews')).body.data).toEqual({ 'stars.label': '{n, number} stars' });
    expect((await t.call('PUT', '/i18n/en/Bad_Name', { token: admin.token, body: { messages: {} } })).body.error.code).toBe('INVALID_NAMESPACE');
    expect((await t.call('PUT', '/i18n/xx/common', { token: admin.token, body: { messages: {} } })).body.error.code).toBe('LOCALE_NOT_FOUND');
    expect((await t.call('PUT', '/i18n/en/common', { token: admin.token, body: { messages: { 'bad key': 'x' } } })).status).toBe(400);
    expect((await t.call('PUT', '/i18n/en/common', { token: admin.token, body: { messages: { a: 1 } } })).status).toBe(400);
    expect((await t.call('PUT', '/i18n/en/common', { token: admin.token, body: { messages: {}, extra: 1 } })).body.error.code).toBe('UNKNOWN_FIELD');
  });
});

describe('GET /i18n/{lang}/{namespace}/status', () => {
  it('reports keys a translation lacks, and translations whose English changed after they were written', async () => {
    const t = await createContentUnderTest();
    const admin = await t.tokenFor('admin');
    const status = () => t.call('GET', '/i18n/de/common/status', { token: admin.token });
    expect((await status()).body.data).toEqual({ missing: [], stale: [] });
    const english = (await t.call('GET', '/i18n/en/common')).body.data;
    await t.call('PUT', '/i18n/en/common', { token: admin.token, body: { messages: { ...english, 'nav.faq': 'Help', 'nav.blog': 'Blog' } } });
    expect((await status()).body.data).toEqual({ missing: ['nav.blog'], stale: ['nav.faq'] });
    // Re-sending the German bundle unchanged keeps the stale mark; a new translation clears it.
    const german = Object.fromEntries(Object.entries((await t.call('GET', '/i18n/de/common')).body.data).filter(([k]) => k !== 'nav.blog')) as Record<
      string,
      string
    >;
    await t.call('PUT', '/i18n/de/common', { token: admin.token, body: { messages: german } });
    expect((await status()).body.data.stale).toEqual(['nav.faq']);
    await t.call('PUT', '/i18n/de/common', { token: admin.token, body: { messages: { ...german, 'nav.faq': 'Hilfe', 'nav.blog': 'Blog' } } });
    expect((await status()).body.data).toEqual({ missing: [], stale: [] });
    expect((await t.call('GET', '/i18n/en/common/status', { token: admin.token })).body.data).toEqual({ missing: [], stale: [] });
    expect((await t.call('GET', '/i18n/de/common/status')).status).toBe(401);
  });
});
