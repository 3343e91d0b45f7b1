import { describe, expect, it } from 'bun:test';
import { createManualClock } from '../core/clock.ts';
import { silentLogger } from '../core/logger.ts';
import { createRatingsBook } from './ratings-book.ts';
import { createServiceClient } from './service-client.ts';

/** Reviews' ratings index over a fake fetch: `body` as sent, with its ETag and a 304 to a match. */
function reviews(clock = createManualClock(0)) {
  const state = { body: '', up: true, asked: [] as (string | null)[] };
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const sent = new Headers(input instanceof Request ? input.headers : init?.headers).get('if-none-match');
    state.asked.push(sent);
    if (!state.up) return new Response('down', { status: 503 });
    const etag = `"${Bun.hash(state.body).toString(16)}"`;
    if (sent === etag) return new Response(null, { status: 304, headers: { etag } });
    return new Response(state.body, { headers: { etag, 'content-type': 'application/x-ndjson' } });
  }) as typeof globalThis.fetch;
  const book = createRatingsBook({
    client: createServiceClient({ service: 'reviews', baseUrl: 'http://reviews.test', timeoutMs: 500, logger: silentLogger, fetch }),
    timeoutMs: 500,
    clock,
    keepWhileAwayMs: 60_000,
  });
  return { state, book, clock };
}
const lines = (...l: object[]) => `${[...l, { end: true, count: l.length }].map((x) => JSON.stringify(x)).join('\n')}\n`;
const pm = { kind: 'pm', id: 'p1', count: 3, average: 4.7, bayesian: 4.1 };

describe('the ratings book', () => {
  it('holds the index by kind and id, asks again with its ETag (304: unchanged), and takes a new version', async () => {
    const { state, book } = reviews();
    // A line that is not a rating is skipped, counted by the trailer all the same.
    state.body = lines(pm, { kind: 'service', id: 's1', count: 1, average: 5, bayesian: 3.75 }, { kind: 'customer', id: 'x' });
    expect(await book.refresh()).toBe(true);
    expect(book.of('pm', 'p1')).toEqual({ count: 3, average: 4.7, bayesian: 4.1 });
    expect(book.of('service', 's1')?.count).toBe(1);
    expect(book.of('service', 'p1')).toBeUndefined();
    const version = book.version;
    expect(await book.refresh()).toBe(false);
    expect(state.asked.at(-1)).toBe(version);
    state.body = lines();
    expect(await book.refresh()).toBe(true);
    expect(book.of('pm', 'p1')).toBeUndefined();
  });

  it('keeps the last good ratings while reviews is away or sends a cut-off index, for keepWhileAwayMs after it last confirmed them, then holds none; never throws', async () => {
    const { state, book, clock } = reviews();
    state.body = lines(pm);
    expect(await book.refresh()).toBe(true);
    const version = book.version;
    state.up = false;
    clock.advance(30_000);
    // A blip: nothing changes (so nothing ordered by the ratings is rebuilt).
    expect(await book.refresh()).toBe(false);
    expect(book.of('pm', 'p1')?.average).toBe(4.7);
    expect(book.version).toBe(version);
    // A 304 confirms the ratings held: the window starts again.
    state.up = true;
    expect(await book.refresh()).toBe(false);
    clock.advance(59_000);
    // A cut-off index (no trailer, then a wrong count) is never used, and within the window changes nothing.
    state.body = `${JSON.stringify(pm)}\n`;
    expect(await book.refresh()).toBe(false);
    state.body = lines({ ...pm, average: 1 }).replace('"count":1}', '"count":2}');
    expect(await book.refresh()).toBe(false);
    expect(book.of('pm', 'p1')?.average).toBe(4.7);
    // Past the window without a confirmation: no ratings at all, once.
    clock.advance(1_001);
    state.up = false;
    expect(await book.refresh()).toBe(true);
    expect(book.of('pm', 'p1')).toBeUndefined();
    expect(book.version).toBe('');
    expect(await book.refresh()).toBe(false);
    state.up = true;
    state.body = lines(pm);
    expect(await book.refresh()).toBe(true);
    expect(book.of('pm', 'p1')?.average).toBe(4.7);
  });
});
