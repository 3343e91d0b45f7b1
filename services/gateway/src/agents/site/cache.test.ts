import { describe, expect, it } from 'bun:test';
import { createManualClock } from '@tm/shared';
import { createCachedSource, type LoadResult } from './cache.ts';

function source(results: LoadResult<string>[]) {
  const clock = createManualClock();
  let calls = 0;
  const cached = createCachedSource<string>({
    clock,
    ttlMs: 60_000,
    retryMs: 5_000,
    fallback: 'fallback',
    load: async () => results[calls++] ?? { ok: false },
  });
  return { clock, cached, calls: () => calls };
}

describe('createCachedSource', () => {
  it('serves a loaded value until the TTL passes, then reloads', async () => {
    const { clock, cached, calls } = source([
      { ok: true, value: 'one' },
      { ok: true, value: 'two' },
    ]);
    expect(await cached.get()).toBe('one');
    clock.advance(59_999);
    expect(await cached.get()).toBe('one');
    expect(calls()).toBe(1);
    clock.advance(1);
    expect(await cached.get()).toBe('two');
  });

  it('keeps the last good value when a reload fails, and retries after the retry delay', async () => {
    const { clock, cached, calls } = source([{ ok: true, value: 'good' }, { ok: false }, { ok: true, value: 'back' }]);
    await cached.get();
    clock.advance(60_000);
    expect(await cached.get()).toBe('good');
    clock.advance(4_999);
    expect(await cached.get()).toBe('good');
    expect(calls()).toBe(2);
    clock.advance(1);
    expect(await cached.get()).toBe('back');
  });

  it('serves the fallback while the source has never answered', async () => {
    const { cached } = source([{ ok: false }]);
    expect(await cached.get()).toBe('fallback');
  });

  it('treats a loader that throws like a failed load', async () => {
    const clock = createManualClock();
    const cached = createCachedSource<string>({ clock, ttlMs: 1, retryMs: 1, fallback: 'fallback', load: () => Promise.reject(new Error('boom')) });
    expect(await cached.get()).toBe('fallback');
  });

  it('shares one load between concurrent callers', async () => {
    const { cached, calls } = source([{ ok: true, value: 'v' }]);
    const values = await Promise.all([cached.get(), cached.get(), cached.get()]);
    expect(values).toEqual(['v', 'v', 'v']);
    expect(calls()).toBe(1);
  });
});
