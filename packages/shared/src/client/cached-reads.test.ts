import { afterAll, describe, expect, it } from 'bun:test';
import { Type } from '@sinclair/typebox';
import { createManualClock, silentLogger } from '../core/index.ts';
import { createCachedReads } from './cached-reads.ts';

// A stand-in service whose answer and health the test sets.
const state = { value: { count: 3, average: 4.3 }, down: false, calls: 0 };
const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch(req) {
    state.calls++;
    if (state.down) return new Response('oops', { status: 500 });
    if (new URL(req.url).pathname === '/figure/a') return Response.json({ success: true, data: state.value });
    return Response.json({ success: false, error: { code: 'NOT_FOUND', message: 'none' } }, { status: 404 });
  },
});
afterAll(() => server.stop(true));
const schema = Type.Object({ count: Type.Integer(), average: Type.Number() });
const readsAt = (baseUrl: string, clock = createManualClock(0)) => ({
  clock,
  reads: createCachedReads({ service: 'figures', baseUrl, timeoutMs: 500, clock, logger: silentLogger, schema, ttlMs: 30_000 }),
});

describe('cached reads over the service client', () => {
  it('answers the data, reuses it for the cache time, then reads again; a 404 is none', async () => {
    const { clock, reads } = readsAt(`http://127.0.0.1:${server.port}`);
    state.calls = 0;
    state.value = { count: 3, average: 4.3 };
    expect(await reads.get('/figure/a')).toEqual({ count: 3, average: 4.3 });
    state.value = { count: 4, average: 4.5 };
    expect(await reads.get('/figure/a')).toEqual({ count: 3, average: 4.3 });
    expect(state.calls).toBe(1);
    clock.advance(30_001);
    expect(await reads.get('/figure/a')).toEqual({ count: 4, average: 4.5 });
    expect(await reads.get('/figure/none')).toBeUndefined();
    expect(await reads.get('/figure/none')).toBeUndefined();
    expect(state.calls).toBe(3);
  });

  it('degrades to the last answer, or none, when the service fails or is away, never throwing', async () => {
    const { clock, reads } = readsAt(`http://127.0.0.1:${server.port}`);
    state.down = false;
    state.value = { count: 1, average: 5 };
    expect(await reads.get('/figure/a')).toEqual({ count: 1, average: 5 });
    state.down = true;
    clock.advance(60_000);
    expect(await reads.get('/figure/a')).toEqual({ count: 1, average: 5 });
    expect(await reads.get('/figure/b')).toBeUndefined();
    state.down = false;
    expect(await readsAt('http://127.0.0.1:9').reads.get('/figure/a')).toBeUndefined();
  });

  it('asks nothing while the service is failing, whatever the path, then tries again after the failure time', async () => {
    const { clock, reads } = readsAt(`http://127.0.0.1:${server.port}`);
    state.down = true;
    state.calls = 0;
    expect(await reads.get('/figure/a')).toBeUndefined();
    for (const p of ['/figure/b', '/figure/c', '/figure/a']) expect(await reads.get(p)).toBeUndefined();
    expect(state.calls).toBe(1);
    state.down = false;
    state.value = { count: 2, average: 3.5 };
    clock.advance(5_001);
    expect(await reads.get('/figure/a')).toEqual({ count: 2, average: 3.5 });
    expect(state.calls).toBe(2);
  });
});
