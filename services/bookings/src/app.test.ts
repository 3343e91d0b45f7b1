import { describe, expect, it } from 'bun:test';
import { createBookingsUnderTest } from './testing/bookings-under-test.ts';

describe('the bookings app', () => {
  it('answers /healthz and /readyz', async () => {
    const t = await createBookingsUnderTest();
    expect((await t.call('GET', '/healthz')).body).toEqual({ status: 'ok', service: 'bookings' });
    expect((await t.call('GET', '/readyz')).body.status).toBe('ready');
  });

  it('describes every operation in OpenAPI with the named schemas Booking and Payment', async () => {
    const t = await createBookingsUnderTest();
    const doc = (await t.call('GET', '/openapi/json')).body;
    expect(Object.keys(doc.components.schemas)).toEqual(['Booking', 'Payment']);
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, { operationId?: string; description?: string }>>)) {
      for (const op of Object.values(ops)) {
        expect(op.operationId, path).toBeString();
        expect(op.description, path).toBeString();
      }
    }
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/internal'))).toBe(false);
  });

  it('answers an unknown route with 404 in the envelope and an empty bearer with 401', async () => {
    const t = await createBookingsUnderTest();
    expect((await t.call('GET', '/nope')).body.error.code).toBe('ROUTE_NOT_FOUND');
    expect((await t.call('GET', '/bookings', { headers: { authorization: 'Bearer ' } })).status).toBe(401);
    expect((await t.call('GET', '/bookings', { headers: { authorization: 'Basic abc' } })).status).toBe(401);
  });
});
