import { describe, expect, it } from 'bun:test';
import { createTimeoutSignals } from './timeout-signals.ts';

describe('createTimeoutSignals', () => {
  it('shares one signal within a slice and starts a new one after it', () => {
    const signals = createTimeoutSignals(1000, 50);
    const first = signals.next(0);
    expect(signals.next(49)).toBe(first);
    expect(signals.next(50)).not.toBe(first);
  });

  it('aborts with a TimeoutError once the timeout passes', async () => {
    const signal = createTimeoutSignals(20, 5).next();
    const _started = performance.now();
    const reason = await new Promise<unknown>((resolve) => signal.addEventListener('abort', () => resolve(signal.reason)));
    expect((reason as Error).name).toBe('TimeoutError');
  });
});
