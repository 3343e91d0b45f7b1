import { afterAll, describe, expect, it } from 'bun:test';
import { type DomainError, silentLogger } from '@tm/shared';
import { createHttpBookings } from './bookings.ts';
import { createHttpNames } from './names.ts';

// Stand-ins for bookings' GET /internal/bookings/{id}/facts and auth's GET /internal/contacts.
const facts = {
  id: 'b1',
  number: 'TM-1',
  status: 'completed',
  market: 'DE',
  customerId: 'c1',
  pm: null,
  serviceIds: ['s1'],
  completedAt: '2026-05-01T10:00:00.000Z',
  updatedAt: '2026-05-01T10:00:00.000Z',
};
const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  async fetch(req) {
    const url = new URL(req.url);
    if (url.pathname === '/internal/bookings/b1/facts') return Response.json({ success: true, data: facts });
    if (url.pathname === '/internal/bookings/odd/facts') return Response.json({ success: true, data: { id: 'odd' } });
    if (url.pathname === '/internal/bookings/broken/facts') return new Response('oops', { status: 500 });
    if (url.pathname === '/internal/bookings/slow/facts') await Bun.sleep(500);
    if (url.pathname === '/internal/contacts' && url.searchParams.get('userId') === 'c1')
      return Response.json({ success: true, data: { name: 'Ada Lovelace' } });
    if (url.pathname === '/internal/contacts' && url.searchParams.get('userId') === 'broken') return new Response('oops', { status: 500 });
    return Response.json({ success: false, error: { code: 'NOT_FOUND', message: 'No such thing' } }, { status: 404 });
  },
});
afterAll(() => server.stop(true));
const baseUrl = `http://127.0.0.1:${server.port}`;
const bookings = createHttpBookings({ baseUrl, timeoutMs: 200, logger: silentLogger });
const names = createHttpNames({ baseUrl, timeoutMs: 200, logger: silentLogger });
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'none',
    (e: DomainError) => e.code,
  );

describe('the bookings port over the service client', () => {
  it("answers a booking's facts, and undefined for a 404", async () => {
    expect(await bookings.facts('b1')).toEqual(facts as never);
    expect(await bookings.facts('nobody')).toBeUndefined();
  });

  it('answers 503 SERVICE_UNAVAILABLE for a failing, slow or contract-breaking bookings, and when nobody listens', async () => {
    expect(await codeOf(bookings.facts('broken'))).toBe('SERVICE_UNAVAILABLE');
    expect(await codeOf(bookings.facts('slow'))).toBe('SERVICE_UNAVAILABLE');
    expect(await codeOf(bookings.facts('odd'))).toBe('SERVICE_UNAVAILABLE');
    const away = createHttpBookings({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 200, logger: silentLogger });
    expect(await codeOf(away.facts('b1'))).toBe('SERVICE_UNAVAILABLE');
  });
});

describe('the names port over the service client', () => {
  it("answers an account's name, and undefined when auth has none or fails (a review never fails for it)", async () => {
    expect(await names.nameOf('c1')).toBe('Ada Lovelace');
    expect(await names.nameOf('nobody')).toBeUndefined();
    expect(await names.nameOf('broken')).toBeUndefined();
  });
});
