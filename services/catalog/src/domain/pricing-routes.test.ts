import { describe, expect, it } from 'bun:test';
import { stableId } from '@tm/shared';
import { createTestCatalog } from '../test-support.ts';

const post = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('POST /jobs/pricing', () => {
  it('prices a cart in the caller market with one line per item', async () => {
    const { json } = await createTestCatalog();
    const { res, body } = await json(
      '/jobs/pricing',
      post(
        {
          items: [
            { serviceId: 'react-developer', hours: 100 },
            { serviceId: stableId('service', 'ui-ux-designer'), hours: 30.5, qty: 2 },
          ],
        },
        { 'x-country': 'AE' },
      ),
    );
    expect(res.status).toBe(200);
    // 26000 x 100 = 2_600_000 ; 22000 x 30.5 = 671_000 x 2 = 1_342_000 ; VAT 5 % of 3_942_000 = 197_100
    expect(body.data).toMatchObject({
      market: 'AE',
      currency: 'AED',
      subtotal: 3_942_000,
      tax: { name: 'VAT', rateBasisPoints: 500, amount: 197_100 },
      total: 4_139_100,
    });
    expect(body.data.lines.map((l: { slug: string; amount: number }) => [l.slug, l.amount])).toEqual([
      ['react-developer', 2_600_000],
      ['ui-ux-designer', 1_342_000],
    ]);
    expect(body.data.validUntil).toBe('2026-11-22T12:30:00.000Z');
  });

  it('defaults hours to each service default and qty to 1, in the default market', async () => {
    const { json } = await createTestCatalog();
    const { body } = await json('/jobs/pricing', post({ items: [{ serviceId: 'kubernetes-setup' }] }));
    expect(body.data.market).toBe('IN');
    expect(body.data.lines[0]).toMatchObject({ hours: 100, billedHours: 100, qty: 1, amount: 32_000_000 });
  });

  it('keeps the same service twice as two separate lines', async () => {
    const { json } = await createTestCatalog();
    const { body } = await json(
      '/jobs/pricing',
      post({
        items: [
          { serviceId: 'react-developer', hours: 50 },
          { serviceId: 'react-developer', hours: 60 },
        ],
      }),
    );
    expect(body.data.lines.map((l: { hours: number }) => l.hours)).toEqual([50, 60]);
    expect(body.data.subtotal).toBe(240000 * 110);
  });

  it('marks lines billed at the minimum', async () => {
    const { json } = await createTestCatalog();
    const { body } = await json('/jobs/pricing', post({ items: [{ serviceId: 'security-audit', hours: 8 }] }, { 'x-country': 'DE', 'x-lang': 'de' }));
    expect(body.data.lines[0]).toMatchObject({ hours: 8, billedHours: 40, minimumApplied: true, name: 'Sicherheitsaudit' });
    expect(body.data.lines[0].note).toContain('40 Stunden');
  });

  it('accepts a cart of 50 items', async () => {
    const { json } = await createTestCatalog();
    const { res, body } = await json('/jobs/pricing', post({ items: Array(50).fill({ serviceId: 'api-integration', hours: 20 }) }));
    expect(res.status).toBe(200);
    expect(body.data.lines).toHaveLength(50);
  });

  const bad: [string, unknown, string][] = [
    ['an empty cart', { items: [] }, 'INVALID_CART'],
    ['51 items', { items: Array(51).fill({ serviceId: 'api-integration' }) }, 'INVALID_CART'],
    ['items that are not an array', { items: { serviceId: 'api-integration' } }, 'INVALID_CART'],
    ['a missing items field', {}, 'INVALID_CART'],
    ['an array body', [{ serviceId: 'api-integration' }], 'INVALID_BODY'],
    ['a string body', '"hello"', 'INVALID_BODY'],
    ['an extra top-level field', { items: [{ serviceId: 'api-integration' }], discount: 50 }, 'UNKNOWN_FIELD'],
    ['an extra item field', { items: [{ serviceId: 'api-integration', unitAmount: 1 }] }, 'UNKNOWN_FIELD'],
    ['a numeric serviceId', { items: [{ serviceId: 42 }] }, 'INVALID_SERVICE_ID'],
    ['hours as a string', { items: [{ serviceId: 'api-integration', hours: '10' }] }, 'INVALID_HOURS'],
    ['zero hours', { items: [{ serviceId: 'api-integration', hours: 0 }] }, 'INVALID_HOURS'],
    ['too many hours', { items: [{ serviceId: 'api-integration', hours: 10_001 }] }, 'INVALID_HOURS'],
    ['hours of 1e999', '{"items":[{"serviceId":"api-integration","hours":1e999}]}', 'INVALID_HOURS'],
    ['a fractional qty', { items: [{ serviceId: 'api-integration', qty: 2.5 }] }, 'INVALID_QTY'],
    ['qty over 100', { items: [{ serviceId: 'api-integration', qty: 101 }] }, 'INVALID_QTY'],
    ['an unknown service', { items: [{ serviceId: 'api-integration' }, { serviceId: 'time-travel' }] }, 'UNKNOWN_SERVICE'],
    ['malformed JSON', '{"items": [', 'MALFORMED_JSON'],
  ];
  for (const [what, body, code] of bad) {
    it(`answers 400 ${code} for ${what}`, async () => {
      const { json } = await createTestCatalog();
      const { res, body: out } = await json('/jobs/pricing', post(body));
      expect(res.status).toBe(400);
      expect(out).toMatchObject({ success: false, error: { code } });
    });
  }

  it('names the offending item of an unknown service', async () => {
    const { json } = await createTestCatalog();
    const { body } = await json('/jobs/pricing', post({ items: [{ serviceId: 'api-integration' }, { serviceId: 'time-travel' }] }));
    expect(body.error.message).toContain('items[1]');
  });

  it('answers 400 SERVICE_NOT_OFFERED for a service outside the caller market', async () => {
    const { json } = await createTestCatalog();
    const { res, body } = await json('/jobs/pricing', post({ items: [{ serviceId: 'golang-developer', hours: 10 }] }, { 'x-country': 'AU' }));
    expect(res.status).toBe(400);
    expect(body.error.code).toBe('SERVICE_NOT_OFFERED');
  });

  it('answers 400 INVALID_BODY for an empty body', async () => {
    const { json } = await createTestCatalog();
    const { res, body } = await json('/jobs/pricing', { method: 'POST' });
    expect(res.status).toBe(400);
    expect(body.error.code).toBe('INVALID_BODY');
  });

  it('reads the body as JSON whatever the Content-Type: a form body is 400 MALFORMED_JSON, JSON sent as text is priced', async () => {
    const { json } = await createTestCatalog();
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain']) {
      const { res, body } = await json('/jobs/pricing', post('items=react-developer', { 'content-type': type }));
      expect({ type, status: res.status, code: body.error?.code }).toEqual({ type, status: 400, code: 'MALFORMED_JSON' });
    }
    const { res, body } = await json('/jobs/pricing', post({ items: [{ serviceId: 'react-developer', hours: 10 }] }, { 'content-type': 'text/plain' }));
    expect(res.status).toBe(200);
    expect(body.data.lines).toHaveLength(1);
  });

  it('answers 400 INVALID_COUNTRY for an unknown market', async () => {
    const { json } = await createTestCatalog();
    const { res, body } = await json('/jobs/pricing', post({ items: [{ serviceId: 'api-integration' }] }, { 'x-country': 'ZZ' }));
    expect(res.status).toBe(400);
    expect(body.error.code).toBe('INVALID_COUNTRY');
  });
});
