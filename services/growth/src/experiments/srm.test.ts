import { describe, expect, it } from 'bun:test';
import { chiSquareSurvival, sampleRatioMismatch } from './srm.ts';

describe('chiSquareSurvival', () => {
  it('matches the textbook critical values', () => {
    expect(chiSquareSurvival(3.841458820694124, 1)).toBeCloseTo(0.05, 6);
    expect(chiSquareSurvival(6.634896601021214, 1)).toBeCloseTo(0.01, 6);
    expect(chiSquareSurvival(10.827566170662733, 1)).toBeCloseTo(0.001, 7);
    expect(chiSquareSurvival(5.991464547107979, 2)).toBeCloseTo(0.05, 6);
    expect(chiSquareSurvival(16.26623619623813, 3)).toBeCloseTo(0.001, 7);
    expect(chiSquareSurvival(0.5, 4)).toBeCloseTo(0.9735009788392561, 8);
    expect(chiSquareSurvival(0, 1)).toBe(1);
  });
});

describe('sampleRatioMismatch', () => {
  it('finds no mismatch in a fair 50/50 split', () => {
    const r = sampleRatioMismatch([5040, 4960], [0.5, 0.5]);
    expect(r.chiSquare).toBeCloseTo(0.64, 6);
    expect(r.pValue).toBeCloseTo(0.4237, 3);
    expect(r.mismatch).toBe(false);
  });

  it('says mismatch for a skewed split (5300 vs 4700 where 50/50 was asked)', () => {
    const r = sampleRatioMismatch([5300, 4700], [0.5, 0.5]);
    expect(r.chiSquare).toBeCloseTo(36, 6);
    expect(r.pValue).toBeLessThan(1e-8);
    expect(r.mismatch).toBe(true);
  });

  it('tests against uneven weights, leaving out zero-weight variants, and says nothing without exposures', () => {
    expect(sampleRatioMismatch([2010, 2990, 5000], [0.2, 0.3, 0.5]).mismatch).toBe(false);
    expect(sampleRatioMismatch([3000, 2000, 5000], [0.2, 0.3, 0.5]).mismatch).toBe(true);
    expect(sampleRatioMismatch([500, 500, 0], [0.5, 0.5, 0]).pValue).toBe(1);
    expect(sampleRatioMismatch([0, 0], [0.5, 0.5])).toEqual({ chiSquare: 0, pValue: 1, mismatch: false });
  });
});
