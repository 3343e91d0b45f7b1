import { describe, expect, it } from 'bun:test';
import { stableId } from '@tm/shared';
import { createTestCatalog } from '../test-support.ts';

describe('GET /services/:id/quote', () => {
  it('prices the default hours and qty 1 in the default market', async () => {
    const { json } = await createTestCatalog();
    const { res, body } = await json('/services/react-developer/quote');
    expect(res.status).toBe(200);
    expect(body.data).toEqual({
      market: 'IN',
      currency: 'INR',
      lines: [
        {
          serviceId: stableId('service', 'react-developer'),
          slug: 'react-developer',
          name: 'React Developer',
          hours: 160,
          billedHours: 160,
          qty: 1,
          unitAmount: 240000,
          amount: 38_400_000,
          minimumApplied: false,
        },
      ],
      subtotal: 38_400_000,
      tax: { name: 'GST', rateBasisPoints: 1800, amount: 6_912_000 },
      total: 45_312_000,
      validUntil: '2026-11-22T12:30:00.000Z',
      validForSeconds: 1800,
    });
  });

  it('prices given hours and qty in the X-Country currency, rounding half up', async () => {
    const { json } = await createTestCatalog();
    const { body } = await json('/services/react-developer/quote?hours=40.5&qty=2', { headers: { 'x-country': 'DE' } });
    // 7800 x 40.5 = 315900 x 2 = 631800 ; tax 19 % = 120042
    expect(body.data).toMatchObject({ market: 'DE', currency: 'EUR', subtotal: 631800, tax: { name: 'USt', amount: 120042 }, total: 751842 });
    expect(body.data.lines[0]).toMatchObject({ hours: 40.5, billedHours: 40.5, qty: 2, unitAmount: 7800, amount: 631800 });
  });

  it('bills fewer hours than the minimum at the minimum and notes it, not a 400', async () => {
    const { json } = await createTestCatalog();
    const { res, body } = await json('/services/mvp-build/quote?hours=10', { headers: { 'x-country': 'US' } });
    expect(res.status).toBe(200);
    expect(body.data.lines[0]).toMatchObject({ hours: 10, billedHours: 160, minimumApplied: true, amount: 1_600_000 });
    expect(body.data.lines[0].note).toContain('160-hour minimum');
    expect(body.data.tax.amount).toBe(0);
  });

  it('accepts the id as well as the slug', async () => {
    const { json } = await createTestCatalog();
    const { res, body } = await json(`/services/${stableId('service', 'api-integration')}/quote?hours=20`);
    expect(res.status).toBe(200);
    expect(body.data.lines[0].slug).toBe('api-integration');
  });

  const bad: [string, string][] = [
    ['hours=abc', 'INVALID_HOURS'],
    ['hours=1e999', 'INVALID_HOURS'],
    ['hours=0', 'INVALID_HOURS'],
    ['hours=-5', 'INVALID_HOURS'],
    ['hours=10000.5', 'INVALID_HOURS'],
    ['hours=', 'INVALID_HOURS'],
    ['qty=2.5', 'INVALID_QTY'],
    ['qty=0', 'INVALID_QTY'],
    ['qty=101', 'INVALID_QTY'],
    ['qty=x', 'INVALID_QTY'],
  ];
  for (const [query, code] of bad) {
    it(`answers 400 ${code} for ${query}`, async () => {
      const { json } = await createTestCatalog();
      const { res, body } = await json(`/services/react-developer/quote?${query}`);
      expect(res.status).toBe(400);
      expect(body).toMatchObject({ success: false, error: { code } });
    });
  }

  it('answers 404 SERVICE_NOT_FOUND for an unknown service', async () => {
    const { json } = await createTestCatalog();
    const { res, body } = await json('/services/no-such-thing/quote');
    expect(res.status).toBe(404);
    expect(body.error.code).toBe('SERVICE_NOT_FOUND');
  });

  it('answers 404 SERVICE_NOT_IN_MARKET when the market does not offer the service', async () => {
    const { json } = await createTestCatalog();
    const { res, body } = await json('/services/ecommerce-store-build/quote', { headers: { 'x-country': 'US' } });
    expect(res.status).toBe(404);
    expect(body.error.code).toBe('SERVICE_NOT_IN_MARKET');
  });

  it('answers 400 INVALID_COUNTRY for an unknown market', async () => {
    const { json } = await createTestCatalog();
    const { res, body } = await json('/services/react-developer/quote', { headers: { 'x-country': 'india' } });
    expect(res.status).toBe(400);
    expect(body.error.code).toBe('INVALID_COUNTRY');
  });
});
