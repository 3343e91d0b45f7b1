import { describe, expect, it } from 'bun:test';
import { createManualClock, createMemoryLogger } from '@tm/shared';
import { UPSTREAM_NAMES, type Upstreams } from '../site-deps.ts';
import { createPartsCache } from './parts-cache.ts';

// talent's base URL ends in a slash: the part's address must not double it.
const upstreams = Object.fromEntries(UPSTREAM_NAMES.map((name) => [name, name === 'talent' ? 'http://talent.test/' : `http://${name}.test`])) as Upstreams;
const ALL = UPSTREAM_NAMES.length;

/** A fake network: each service answers with a document naming its version, or fails when down. */
function fakeServices() {
  const state = { down: new Set<string>(), version: 1, calls: [] as string[] };
  const fetch = (async (input: string | URL | Request) => {
    const url = String(input);
    state.calls.push(url);
    const host = new URL(url).hostname.split('.')[0] ?? '';
    if (state.down.has(host)) throw new TypeError('Unable to connect');
    if (host === 'talent' && state.down.has('garbage')) return new Response('<html>', { status: 200 });
    return Response.json({ openapi: '3.0.3', info: { title: host, version: String(state.version) }, paths: {} });
  }) as typeof globalThis.fetch;
  return { state, fetch };
}

function setup(down: string[] = []) {
  const clock = createManualClock();
  const logger = createMemoryLogger('gateway');
  const net = fakeServices();
  for (const d of down) net.state.down.add(d);
  const cache = createPartsCache({ upstreams, fetch: net.fetch, clock, logger, timeoutMs: 1000, freshForMs: 60_000, retryAfterFailureMs: 5_000 });
  return { clock, logger, net, cache };
}

const versions = (parts: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, (v as { info: { version: string } }).info.version]));

describe('createPartsCache', () => {
  it('asks every service at its /openapi/json on the first snapshot', async () => {
    const { net, cache } = setup();
    const { parts } = await cache.snapshot();
    expect(versions(parts)).toEqual(Object.fromEntries(UPSTREAM_NAMES.map((name) => [name, '1'])));
    expect(net.state.calls.sort()).toEqual(UPSTREAM_NAMES.map((name) => `http://${name}.test/openapi/json`).sort());
  });

  it('serves cached parts without asking again while they are fresh', async () => {
    const { net, cache, clock } = setup();
    const first = await cache.snapshot();
    clock.advance(59_000);
    const second = await cache.snapshot();
    expect(net.state.calls).toHaveLength(ALL);
    expect(second.generation).toBe(first.generation);
  });

  it('serves the stale part at once and refreshes it in the background', async () => {
    const { net, cache, clock } = setup();
    const first = await cache.snapshot();
    net.state.version = 2;
    clock.advance(60_000);
    const stale = await cache.snapshot();
    expect(versions(stale.parts).catalog).toBe('1');
    await cache.settled();
    const fresh = await cache.snapshot();
    expect(versions(fresh.parts).catalog).toBe('2');
    expect(fresh.generation).not.toBe(first.generation);
  });

  it('keeps the last good part when a refresh fails, and logs why', async () => {
    const { net, cache, clock, logger } = setup();
    await cache.snapshot();
    net.state.down.add('auth');
    clock.advance(61_000);
    await cache.snapshot();
    await cache.settled();
    const { parts } = await cache.snapshot();
    expect(versions(parts).auth).toBe('1');
    expect(logger.lines).toContainEqual(expect.objectContaining({ level: 'warn', msg: 'openapi part unavailable', service: 'auth', cached: true }));
  });

  it('leaves out a part that was never fetched and does not ask its service again until the retry delay', async () => {
    const { net, cache, clock } = setup(['talent']);
    const first = await cache.snapshot();
    expect(Object.keys(first.parts).sort()).toEqual(UPSTREAM_NAMES.filter((name) => name !== 'talent').sort());
    await cache.snapshot();
    expect(net.state.calls.filter((c) => c.includes('talent'))).toHaveLength(1);
    net.state.down.delete('talent');
    clock.advance(5_000);
    const later = await cache.snapshot();
    expect(Object.keys(later.parts).sort()).toEqual([...UPSTREAM_NAMES].sort());
  });

  it('refuses an answer that is not an OpenAPI 3 document', async () => {
    const { cache } = setup(['garbage']);
    const { parts } = await cache.snapshot();
    expect(parts.talent).toBeUndefined();
  });

  it('shares one fetch between concurrent snapshots', async () => {
    const { net, cache } = setup();
    await Promise.all([cache.snapshot(), cache.snapshot(), cache.snapshot()]);
    expect(net.state.calls).toHaveLength(ALL);
  });
});
