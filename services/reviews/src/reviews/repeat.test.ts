import { describe, expect, it } from 'bun:test';
import { createMemoryLogger } from '@tm/shared';
import { repeatEvery } from './repeat.ts';

describe('repeatEvery', () => {
  it('runs the first pass after firstAfterMs, logs a failed pass, and runs nothing after stop', async () => {
    const logger = createMemoryLogger('reviews');
    let passes = 0;
    const first = Promise.withResolvers<void>();
    const repeating = repeatEvery(
      async () => {
        passes++;
        first.resolve();
        throw new Error('store away');
      },
      logger,
      'pass failed',
    );
    // An hour apart, the first at once: exactly one pass can have run before stop.
    repeating.start(3_600_000, 0);
    await first.promise;
    await repeating.stop();
    await Bun.sleep(20);
    expect(passes).toBe(1);
    expect(logger.lines.some((l) => l.msg === 'pass failed' && String(l.error).includes('store away'))).toBe(true);
  });

  it('stop before the first pass cancels it', async () => {
    let passes = 0;
    const repeating = repeatEvery(async () => void passes++, createMemoryLogger('reviews'), 'pass failed');
    repeating.start(3_600_000, 10);
    await repeating.stop();
    await Bun.sleep(30);
    expect(passes).toBe(0);
  });
});
