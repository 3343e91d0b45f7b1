import { afterAll, describe, expect, it } from 'bun:test';
import { createManualClock, silentLogger } from '@tm/shared';
import { bookingFacts } from '../testing.ts';
import { BookingsUnavailableError, createFactsCache, createHttpBookings, masksContacts, memberOf, stateOf } from './access.ts';

const DAY = 24 * 3600_000;

describe('who sits in a conversation', () => {
  const facts = bookingFacts('b1', { customerId: 'u1', pm: { id: 'pm-1', slug: 'a', name: 'A' } });
  it('seats the owner (customer or guest), the assigned PM by profile and every admin; nobody else', () => {
    expect(memberOf({ sub: 'u1', role: 'customer' }, facts)).toBe('c:u1');
    expect(memberOf({ sub: 'u1', role: 'guest' }, facts)).toBe('c:u1');
    expect(memberOf({ sub: 'x', role: 'pm', pid: 'pm-1' }, facts)).toBe('p:pm-1');
    expect(memberOf({ sub: 'a1', role: 'admin' }, facts)).toBe('a:a1');
    expect(memberOf({ sub: 'u2', role: 'customer' }, facts)).toBeUndefined();
    expect(memberOf({ sub: 'x', role: 'pm', pid: 'pm-2' }, facts)).toBeUndefined();
    expect(memberOf({ sub: 'x', role: 'pm' }, facts)).toBeUndefined();
    expect(memberOf({ sub: 'u1', role: 'resource', pid: 'pm-1' }, facts)).toBeUndefined();
    expect(memberOf({ sub: 'u1', role: 'pm', pid: 'pm-1' }, { ...facts, pm: null })).toBeUndefined();
  });
});

describe('conversation states and masking', () => {
  const now = Date.UTC(2026, 10, 26);
  it('is read-only after cancellation, expiry, or 30 days past completion; open otherwise', () => {
    for (const status of ['pending_payment', 'paid', 'confirmed', 'in_progress'] as const) expect(stateOf(bookingFacts('b', { status }), now)).toBe('open');
    expect(stateOf(bookingFacts('b', { status: 'cancelled' }), now)).toBe('read_only');
    expect(stateOf(bookingFacts('b', { status: 'expired' }), now)).toBe('read_only');
    const completed = (ago: number) => bookingFacts('b', { status: 'completed', completedAt: new Date(now - ago).toISOString() });
    expect(stateOf(completed(30 * DAY - 1), now)).toBe('open');
    expect(stateOf(completed(30 * DAY), now)).toBe('read_only');
    expect(stateOf(bookingFacts('b', { status: 'completed', completedAt: null, updatedAt: new Date(now - 31 * DAY).toISOString() }), now)).toBe('read_only');
  });

  it('masks until confirmed and never after', () => {
    expect(masksContacts(bookingFacts('b', { status: 'pending_payment' }))).toBe(true);
    expect(masksContacts(bookingFacts('b', { status: 'paid' }))).toBe(true);
    for (const status of ['confirmed', 'in_progress', 'completed'] as const) expect(masksContacts(bookingFacts('b', { status }))).toBe(false);
  });
});

describe("bookings' facts over HTTP", () => {
  let answer: () => Response = () => new Response();
  let calls = 0;
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch() {
      calls++;
      return answer();
    },
  });
  afterAll(() => server.stop(true));
  const port = createHttpBookings({ baseUrl: `http://127.0.0.1:${server.port}`, timeoutMs: 500, logger: silentLogger });

  it('reads the facts through the service client, checked against the contract', async () => {
    answer = () => Response.json({ success: true, data: bookingFacts('b1') });
    expect((await port.facts('b1'))?.id).toBe('b1');
    answer = () => Response.json({ success: false, error: { code: 'BOOKING_NOT_FOUND', message: 'No such booking' } }, { status: 404 });
    expect(await port.facts('b1')).toBeUndefined();
  });

  it('throws when bookings cannot tell (an answer outside the contract, a 5xx)', async () => {
    answer = () => Response.json({ success: true, data: { id: 'b1', status: 'weird' } });
    await expect(port.facts('b1')).rejects.toBeInstanceOf(BookingsUnavailableError);
    answer = () => Response.json({ success: false, error: { code: 'INTERNAL', message: 'x' } }, { status: 500 });
    await expect(port.facts('b1')).rejects.toBeInstanceOf(BookingsUnavailableError);
  });

  it('asks once for concurrent readers of one booking, and keeps an answer 5 s', async () => {
    answer = () => Response.json({ success: true, data: bookingFacts('b1') });
    const clock = createManualClock(Date.now());
    const cached = createFactsCache(port, clock);
    const before = calls;
    await Promise.all(Array.from({ length: 10 }, () => cached('b1')));
    expect(calls - before).toBe(1);
    clock.advance(4_999);
    await cached('b1');
    expect(calls - before).toBe(1);
    clock.advance(2);
    await cached('b1');
    expect(calls - before).toBe(2);
  });
});
