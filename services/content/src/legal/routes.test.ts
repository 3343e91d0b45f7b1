import { describe, expect, it } from 'bun:test';
import { createContentUnderTest } from '../testing.ts';

const NEW_TERMS = { title: 'Terms v2', body: '# Terms\n\nVersion two.' };

describe('GET /legal/{type}', () => {
  it("answers the seeded terms in effect in the caller's market and language, English where no translation exists", async () => {
    const t = await createContentUnderTest();
    const de = await t.call('GET', '/legal/terms', { headers: { 'x-country': 'DE', 'x-lang': 'de' } });
    expect(de.status).toBe(200);
    expect(de.body.data).toMatchObject({ type: 'terms', market: 'DE', version: 1, lang: 'de', material: true });
    expect(de.body.data.title).toContain('Geschäftsbedingungen');
    expect(de.body.data.bodyHash).toBe(new Bun.CryptoHasher('sha256').update(de.body.data.body).digest('hex'));
    expect(de.headers.get('content-language')).toBe('de');
    const arInDe = await t.call('GET', '/legal/terms', { headers: { 'x-country': 'DE', 'x-lang': 'ar' } });
    expect(arInDe.body.data.lang).toBe('en');
    expect(arInDe.headers.get('content-language')).toBe('en');
    for (const [market, lang] of [
      ['IN', 'hi'],
      ['AE', 'ar'],
      ['US', 'en'],
      ['AU', 'en'],
    ]) {
      for (const type of ['terms', 'privacy', 'refund']) {
        const res = await t.call('GET', `/legal/${type}`, { headers: { 'x-country': market as string, 'x-lang': lang as string } });
        expect(res.body.data, `${type} ${market}`).toMatchObject({ market, version: 1, lang });
      }
    }
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const t = await createContentUnderTest();
    const first = await t.call('GET', '/legal/privacy');
    const etag = first.headers.get('etag') as string;
    expect(etag).toMatch(/^"/);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const again = await t.call('GET', '/legal/privacy', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect((await t.call('GET', '/legal/privacy', { headers: { 'if-none-match': etag, 'x-lang': 'hi' } })).status).toBe(200);
  });

  it('answers an unknown type or a type with nothing in effect with 404, and an unknown market with 400', async () => {
    const t = await createContentUnderTest();
    expect((await t.call('GET', '/legal/eula')).body.error.code).toBe('LEGAL_DOCUMENT_NOT_FOUND');
    expect((await t.call('GET', '/legal/cookies')).status).toBe(404);
    const fr = await t.call('GET', '/legal/terms', { headers: { 'x-country': 'FR' } });
    expect(fr.status).toBe(400);
    expect(fr.body.error.code).toBe('INVALID_COUNTRY');
  });
});

describe('POST /legal/{type}/versions', () => {
  it('is for admins only: 401 without a token (before the body is read), 403 for a customer', async () => {
    const t = await createContentUnderTest();
    expect((await t.call('POST', '/legal/terms/versions', { body: {} })).status).toBe(401);
    const { token } = await t.tokenFor('customer');
    const body = { market: 'DE', effectiveAt: '2026-01-01T00:00:00Z', material: true, translations: { en: NEW_TERMS } };
    expect((await t.call('POST', '/legal/terms/versions', { token, body })).status).toBe(403);
  });

  it('publishes the next version, in effect at once when effectiveAt has passed, and keeps the earlier one unchanged', async () => {
    const t = await createContentUnderTest();
    const { token } = await t.tokenFor('admin');
    const before = (await t.call('GET', '/legal/terms', { headers: { 'x-country': 'DE' } })).body.data;
    const res = await t.call('POST', '/legal/terms/versions', {
      token,
      body: { market: 'DE', effectiveAt: '2026-02-01T00:00:00Z', material: false, translations: { en: NEW_TERMS, de: { title: 'AGB v2', body: 'Zwei.' } } },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ type: 'terms', market: 'DE', version: 2, material: false });
    expect(res.body.data.translations.de.bodyHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await t.call('GET', '/legal/terms', { headers: { 'x-country': 'DE' } })).body.data).toMatchObject({ version: 2, title: 'Terms v2' });
    // Other markets are untouched.
    expect((await t.call('GET', '/legal/terms', { headers: { 'x-country': 'US' } })).body.data.version).toBe(1);
    const versions = (await t.call('GET', '/legal/terms/versions', { headers: { 'x-country': 'DE' } })).body.data;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(versions[0].langs.sort()).toEqual(['de', 'en']);
    const stored = (await t.documents.collection('legal_versions').findOne({ _id: 'terms:DE:1' })) as unknown as {
      translations: { en: { body: string; bodyHash: string } };
    };
    expect(stored.translations.en.bodyHash).toBe(new Bun.CryptoHasher('sha256').update(stored.translations.en.body).digest('hex'));
    expect(before.version).toBe(1);
  });

  it('schedules a version whose effectiveAt is ahead, and puts it in effect when that time comes', async () => {
    const t = await createContentUnderTest();
    const { token } = await t.tokenFor('admin');
    const at = new Date(t.clock.now() + 3_600_000).toISOString();
    await t.call('POST', '/legal/refund/versions', { token, body: { market: 'IN', effectiveAt: at, material: true, translations: { en: NEW_TERMS } } });
    expect((await t.call('GET', '/legal/refund')).body.data.version).toBe(1);
    t.clock.advance(3_600_000);
    expect((await t.call('GET', '/legal/refund')).body.data.version).toBe(2);
  });

  it('refuses a body without English, with an unknown language or market, with 400', async () => {
    const t = await createContentUnderTest();
    const { token } = await t.tokenFor('admin');
    const bad = [
      { market: 'DE', effectiveAt: '2026-01-01T00:00:00Z', material: true, translations: { de: NEW_TERMS } },
      { market: 'DE', effectiveAt: '2026-01-01T00:00:00Z', material: true, translations: { en: NEW_TERMS, fr: NEW_TERMS } },
      { market: 'FR', effectiveAt: '2026-01-01T00:00:00Z', material: true, translations: { en: NEW_TERMS } },
      { market: 'DE', effectiveAt: 'tomorrow', material: true, translations: { en: NEW_TERMS } },
      { market: 'DE', effectiveAt: '2026-01-01T00:00:00Z', material: 'yes', translations: { en: NEW_TERMS } },
      { market: 'DE', effectiveAt: '2026-01-01T00:00:00Z', material: true, translations: { en: { title: '', body: 'x' } } },
    ];
    for (const body of bad) {
      const res = await t.call('POST', '/legal/terms/versions', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.call('GET', '/legal/terms/versions', { headers: { 'x-country': 'DE' } })).body.data).toHaveLength(1);
  });

  it('numbers concurrent publications without a gap or a repeat', async () => {
    const t = await createContentUnderTest();
    const { token } = await t.tokenFor('admin');
    const body = { market: 'AU', effectiveAt: '2026-01-01T00:00:00Z', material: false, translations: { en: NEW_TERMS } };
    const answers = await Promise.all(Array.from({ length: 4 }, () => t.call('POST', '/legal/privacy/versions', { token, body })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(answers.map((a) => a.body.data.version).sort()).toEqual([2, 3, 4, 5]);
  });
});
