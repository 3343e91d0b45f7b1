import { describe, expect, it } from 'bun:test';
import { chooseSeedMode, readSeedMode, shouldSeed } from './seed.ts';

const empty = async () => true;
const filled = async () => false;

describe('SEED', () => {
  it('in auto mode seeds the embedded store always and MongoDB only while it is empty', async () => {
    expect(await shouldSeed('auto', 'embedded', filled)).toBe(true);
    expect(await shouldSeed('auto', 'mongodb', empty)).toBe(true);
    expect(await shouldSeed('auto', 'mongodb', filled)).toBe(false);
  });

  it('seeds every store at every start in always mode, and none in never mode', async () => {
    for (const kind of ['embedded', 'mongodb'] as const) {
      expect(await shouldSeed('always', kind, filled)).toBe(true);
      expect(await shouldSeed('never', kind, empty)).toBe(false);
    }
  });

  it('reads auto, always and never, leaves an unset SEED undefined and refuses anything else', () => {
    expect(readSeedMode('always')).toBe('always');
    expect(readSeedMode(undefined)).toBeUndefined();
    expect(() => readSeedMode('true')).toThrow('must be one of auto, always, never');
  });

  it('takes SEED first, then a deprecated variable with a warning naming its replacement, else auto', () => {
    expect(chooseSeedMode(undefined)).toEqual({ mode: 'auto' });
    expect(chooseSeedMode('never')).toEqual({ mode: 'never' });
    expect(chooseSeedMode(undefined, { name: 'CATALOG_SEED', mode: 'always' })).toEqual({
      mode: 'always',
      warning: 'CATALOG_SEED is deprecated: set SEED=always instead',
    });
    expect(chooseSeedMode('never', { name: 'CATALOG_SEED', mode: 'always' })).toEqual({
      mode: 'never',
      warning: 'CATALOG_SEED is deprecated and ignored: SEED=never is set',
    });
  });
});
