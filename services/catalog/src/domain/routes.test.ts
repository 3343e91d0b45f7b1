import { describe, expect, it } from 'bun:test';
import { stableId } from '@tm/shared';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { createTestCatalog, samplePreview } from '../test-support.ts';
import type { ServiceDoc } from './model.ts';

describe('GET /services', () => {
  it('answers the first page of 20 services in the default market with totals in headers', async () => {
    const { json } = await createTestCatalog();
    const { res, body } = await json('/services');
    expect(res.status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data).toHaveLength(20);
    expect(res.headers.get('x-total-count')).toBe('33');
    expect(res.headers.get('link')).toBe('<?page=1&limit=20>; rel="first", <?page=2&limit=20>; rel="next", <?page=2&limit=20>; rel="last"');
    expect(body.data[0]).toMatchObject({ slug: 'react-developer', kind: 'role', category: 'frontend', lang: 'en', name: 'React Developer' });
    expect(body.data[0].pricing).toMatchObject({
      market: 'IN',
      currency: 'INR',
      hourlyRate: 240000,
      defaultHours: 160,
      minHours: 40,
      estimatedAmount: 38_400_000,
    });
    expect(body.data[0].availablePms).toBeUndefined();
  });

  it('leaves out a service listed in a market it has no price for, as the catalog list does, instead of failing', async () => {
    const documents = createEmbeddedDocumentStore();
    const { json } = await createTestCatalog({ documents });
    const services = documents.collection<ServiceDoc>('services');
    const unpriced = (await services.find({ markets: { $ne: 'AE' } }).toArray())[0] as ServiceDoc;
    await services.updateOne({ _id: unpriced._id }, { $push: { markets: 'AE' } });
    const { res, body } = await json('/services?limit=100', { headers: { 'x-country': 'AE' } });
    expect(res.status).toBe(200);
    expect(body.data.map((s: ServiceDoc) => s.slug)).not.toContain(unpriced.slug);
    const picker = await json('/services/catalog', { headers: { 'x-country': 'AE' } });
    expect(res.headers.get('x-total-count')).toBe(String(picker.body.data.length));
  });

  it('pages with page and limit and keeps other parameters in the links', async () => {
    const { json } = await createTestCatalog();
    const { res, body } = await json('/services?category=cloud-devops&limit=2&page=2');
    expect(body.data.map((s: ServiceDoc) => s.slug)).toEqual(['cloud-architect', 'cloud-migration']);
    expect(res.headers.get('x-total-count')).toBe('6');
    const link = res.headers.get('link') as string;
    expect(link).toContain('<?category=cloud-devops&limit=2&page=1>; rel="prev"');
    expect(link).toContain('<?category=cloud-devops&limit=2&page=3>; rel="next"');
    expect(link).toContain('<?category=cloud-devops&limit=2&page=3>; rel="last"');
  });

  it('answers an empty page past the end', async () => {
    const { json } = await createTestCatalog();
    const { res, body } = await json('/services?page=99');
    expect(res.status).toBe(200);
    expect(body.data).toEqual([]);
    expect(res.headers.get('x-total-count')).toBe('33');
  });

  it('prices and lists for the X-Country market, leaving out services it does not offer', async () => {
    const { json } = await createTestCatalog();
    const { res, body } = await json('/services?limit=100', { headers: { 'x-country': 'au' } });
    expect(res.headers.get('x-total-count')).toBe('31');
    expect(body.data.map((s: ServiceDoc) => s.slug)).not.toContain('golang-developer');
    expect(body.data[0].pricing).toMatchObject({ market: 'AU', currency: 'AUD', hourlyRate: 12000, taxName: 'GST', taxRateBasisPoints: 1000 });
  });

  it('localizes copy by X-Lang and says so in Content-Language and Vary', async () => {
    const { json } = await createTestCatalog();
    const { res, body } = await json('/services?limit=1', { headers: { 'x-country': 'AE', 'x-lang': 'ar-AE' } });
    expect(res.headers.get('content-language')).toBe('ar');
    expect(res.headers.get('vary')).toBe('X-Country, X-Lang');
    expect(body.data[0].name).toBe('مطوّر React');
    expect(body.data[0].faq.length).toBeGreaterThanOrEqual(3);
  });

  it('falls back to English for an unsupported language', async () => {
    const { json } = await createTestCatalog();
    const { res, body } = await json('/services?limit=1', { headers: { 'x-lang': 'fr' } });
    expect(res.headers.get('content-language')).toBe('en');
    expect(body.data[0].name).toBe('React Developer');
  });

  it('searches the localized copy and English, case-insensitively', async () => {
    const { json } = await createTestCatalog();
    const de = await json(`/services?search=${encodeURIComponent('ONLINESHOP')}`, { headers: { 'x-country': 'DE', 'x-lang': 'de' } });
    expect(de.body.data.map((s: ServiceDoc) => s.slug)).toContain('ecommerce-store-build');
    expect(de.body.data.length).toBeLessThan(5);
    const en = await json('/services?search=kotlin', { headers: { 'x-lang': 'hi' } });
    expect(en.body.data.map((s: ServiceDoc) => s.slug)).toEqual(['android-developer']);
    expect(en.body.data[0].name).toBe('Android डेवलपर');
  });

  it('treats regex characters in search as plain text', async () => {
    const { json } = await createTestCatalog();
    const { res, body } = await json(`/services?search=${encodeURIComponent('.*(')}`);
    expect(res.status).toBe(200);
    expect(body.data).toEqual([]);
    expect(res.headers.get('x-total-count')).toBe('0');
  });

  it('never calls the talent service, not even once per item', async () => {
    let calls = 0;
    const { json } = await createTestCatalog({ talent: { pmPreviews: async () => (calls++, [samplePreview()]) } });
    const { body } = await json('/services?limit=100');
    expect(body.data).toHaveLength(33);
    expect(calls).toBe(0);
  });

  it('ignores a blank search', async () => {
    const { res } = await createTestCatalog().then((c) => c.json('/services?search=%20%20'));
    expect(res.headers.get('x-total-count')).toBe('33');
  });

  it('filters by category', async () => {
    const { json } = await createTestCatalog();
    const { body } = await json('/services?category=security');
    expect(body.data.map((s: ServiceDoc) => s.slug)).toEqual(['security-engineer', 'security-audit']);
  });

  const bad: [string, string][] = [
    ['/services?page=0', 'INVALID_PAGE'],
    ['/services?page=-1', 'INVALID_PAGE'],
    ['/services?page=abc', 'INVALID_PAGE'],
    ['/services?page=1.5', 'INVALID_PAGE'],
    ['/services?limit=0', 'INVALID_LIMIT'],
    ['/services?limit=101', 'INVALID_LIMIT'],
    ['/services?limit=ten', 'INVALID_LIMIT'],
    ['/services?category=gardening', 'INVALID_CATEGORY'],
    [`/services?search=${'x'.repeat(101)}`, 'INVALID_SEARCH'],
  ];
  for (const [path, code] of bad) {
    it(`answers 400 ${code} for ${path.slice(0, 40)}`, async () => {
      const { json } = await createTestCatalog();
      const { res, body } = await json(path);
      expect(res.status).toBe(400);
      expect(body).toMatchObject({ success: false, error: { code } });
    });
  }

  it('answers 400 INVALID_COUNTRY for an unknown market, varying by the header but with no Content-Language', async () => {
    const { json } = await createTestCatalog();
    const { res, body } = await json('/services', { headers: { 'x-country': 'FR', 'x-lang': 'de' } });
    expect(res.status).toBe(400);
    expect(body.error.code).toBe('INVALID_COUNTRY');
    expect(res.headers.get('vary')).toBe('X-Country, X-Lang');
    expect(res.headers.get('content-language')).toBeNull();
  });
});

describe('GET /services/catalog', () => {
  it('answers exactly _id, slug and name for services in the market, in English by default', async () => {
    const { json } = await createTestCatalog();
    const { res, body } = await json('/services/catalog', { headers: { 'x-country': 'AE' } });
    expect(res.status).toBe(200);
    expect(body.data).toHaveLength(31);
    expect(body.data[0]).toEqual({ _id: stableId('service', 'react-developer'), slug: 'react-developer', name: 'React Developer' });
    for (const e of body.data) expect(Object.keys(e).sort()).toEqual(['_id', 'name', 'slug']);
    const slugs = body.data.map((e: { slug: string }) => e.slug);
    expect(slugs).not.toContain('security-audit');
    expect(slugs).not.toContain('data-warehouse-setup');
    expect(res.headers.get('content-language')).toBe('en');
  });

  it('localizes names when X-Lang is sent', async () => {
    const { json } = await createTestCatalog();
    const { res, body } = await json('/services/catalog', { headers: { 'x-lang': 'hi' } });
    expect(res.headers.get('content-language')).toBe('hi');
    expect(body.data[0].name).toBe('React डेवलपर');
  });

  it('answers 400 INVALID_COUNTRY for an unknown market', async () => {
    const { json } = await createTestCatalog();
    const { res, body } = await json('/services/catalog', { headers: { 'x-country': 'XX' } });
    expect(res.status).toBe(400);
    expect(body.error.code).toBe('INVALID_COUNTRY');
  });
});

describe('GET /services/:id', () => {
  it('answers the service by slug with pricing, inclusions, FAQ and PM previews', async () => {
    const asked: [string, number][] = [];
    const talent = { pmPreviews: async (slug: string, limit: number) => (asked.push([slug, limit]), [samplePreview()]) };
    const { json } = await createTestCatalog({ talent });
    const { res, body } = await json('/services/mvp-build', { headers: { 'x-country': 'DE', 'x-lang': 'de' } });
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ slug: 'mvp-build', kind: 'project', name: 'MVP-Entwicklung', lang: 'de' });
    expect(body.data.pricing).toMatchObject({ currency: 'EUR', hourlyRate: 9000, defaultHours: 320, minHours: 160 });
    expect(body.data.inclusions.length).toBeGreaterThan(0);
    expect(body.data.availablePms).toEqual([samplePreview()]);
    expect(asked).toEqual([['mvp-build', 3]]);
    expect(res.headers.get('content-language')).toBe('de');
  });

  it('answers the same service by its id', async () => {
    const { json } = await createTestCatalog();
    const { body } = await json(`/services/${stableId('service', 'data-engineer')}`);
    expect(body.data.slug).toBe('data-engineer');
  });

  it('still answers 200 with no previews when talent has none to give', async () => {
    const { json } = await createTestCatalog({ talent: { pmPreviews: async () => [] } });
    const { res, body } = await json('/services/react-developer');
    expect(res.status).toBe(200);
    expect(body.data.availablePms).toEqual([]);
  });

  it('answers 404 SERVICE_NOT_FOUND when the slug is unknown', async () => {
    const { json } = await createTestCatalog();
    const { res, body } = await json('/services/no-such-service');
    expect(res.status).toBe(404);
    expect(body).toMatchObject({ success: false, error: { code: 'SERVICE_NOT_FOUND' } });
  });

  it('answers 404 SERVICE_NOT_FOUND for an inactive service', async () => {
    const { json, documents } = await createTestCatalog();
    await documents.collection<ServiceDoc>('services').updateOne({ slug: 'vue-developer' }, { $set: { active: false } });
    expect((await json('/services/vue-developer')).res.status).toBe(404);
  });

  it('answers 400 INVALID_SERVICE_ID for a path id that cannot be decoded', async () => {
    const { json } = await createTestCatalog();
    for (const path of ['/services/%ZZ', '/services/%E0%A4%/quote', `/services/${'x'.repeat(101)}`]) {
      const { res, body } = await json(path);
      expect(res.status).toBe(400);
      expect(body.error.code).toBe('INVALID_SERVICE_ID');
    }
  });

  it('answers 404 SERVICE_NOT_IN_MARKET for a service the market does not offer', async () => {
    const { json } = await createTestCatalog();
    const { res, body } = await json('/services/golang-developer', { headers: { 'x-country': 'AU' } });
    expect(res.status).toBe(404);
    expect(body.error.code).toBe('SERVICE_NOT_IN_MARKET');
  });
});

describe('repeated query parameters', () => {
  it("answers 400 with the parameter's code when a list parameter is given twice", async () => {
    const { json } = await createTestCatalog();
    const cases = [
      ['/services?page=1&page=2', 'INVALID_PAGE'],
      ['/services?limit=5&limit=50', 'INVALID_LIMIT'],
      ['/services?category=frontend&category=backend', 'INVALID_CATEGORY'],
      ['/services?search=a&search=b', 'INVALID_SEARCH'],
      ['/services/react-developer/quote?hours=1&hours=2', 'INVALID_HOURS'],
      ['/services/react-developer/quote?qty=1&qty=2', 'INVALID_QTY'],
    ] as const;
    for (const [path, code] of cases) {
      const { res, body } = await json(path);
      expect(res.status).toBe(400);
      expect(body).toMatchObject({ success: false, error: { code } });
    }
  });

  it('still answers when each parameter appears once', async () => {
    const { json } = await createTestCatalog();
    expect((await json('/services?page=1&limit=5&category=frontend&search=react')).res.status).toBe(200);
    expect((await json('/services/react-developer/quote?hours=10&qty=2')).res.status).toBe(200);
  });
});

describe('path ids over a real socket', () => {
  // Bun's router decodes a bad escape to U+FFFD where app.handle() yields no id at all, so this runs on a listening server.
  it('answers 400 INVALID_SERVICE_ID for a path id that cannot be decoded', async () => {
    const { app } = await createTestCatalog();
    app.listen({ port: 0, hostname: '127.0.0.1' });
    try {
      for (const path of ['/services/%E0%A4%A', '/services/%ZZ', '/services/%E0%A4%A/quote']) {
        const res = await fetch(`http://127.0.0.1:${app.server?.port}${path}`);
        expect(res.status).toBe(400);
        expect(((await res.json()) as any).error.code).toBe('INVALID_SERVICE_ID');
      }
      expect((await fetch(`http://127.0.0.1:${app.server?.port}/services/react-developer`)).status).toBe(200);
    } finally {
      await app.stop(true);
    }
  });
});
