import { describe, expect, it } from 'bun:test';
import cases from './fixtures/growthbook-cases.json';
import { bucketRanges, chooseVariant, equalWeights, hashPosition, seededPosition } from './hashing.ts';

describe("GrowthBook's published test cases", () => {
  it('give the same hash for every [seed, value, version] vector', () => {
    expect(cases.hash.length).toBeGreaterThan(10);
    for (const [seed, value, version, expected] of cases.hash as [string, string, number, number | null][]) {
      expect({ seed, value, version, got: hashPosition(seed, value, version) }).toEqual({ seed, value, version, got: expected });
    }
  });

  it('give the same version 2 hash through seededPosition, the per-flag form evaluation uses', () => {
    const v2 = (cases.hash as [string, string, number, number | null][]).filter(([, , version]) => version === 2);
    expect(v2.length).toBeGreaterThan(5);
    for (const [seed, value, , expected] of v2) expect({ seed, value, got: seededPosition(seed)(value) }).toEqual({ seed, value, got: expected as number });
  });

  it('give the same bucket ranges for every [count, coverage, weights] case', () => {
    for (const [name, [count, coverage, weights], expected] of cases.getBucketRange as [string, [number, number, number[] | null], [number, number][]][]) {
      const got = bucketRanges(count, coverage, weights ?? undefined).map(([s, e]) => [round(s), round(e)]);
      expect({ name, got }).toEqual({ name, got: expected.map(([s, e]) => [round(s), round(e)]) });
    }
  });

  it('choose the same variant for every [position, ranges] case', () => {
    for (const [name, n, ranges, expected] of cases.chooseVariation as [string, number, [number, number][], number][]) {
      expect({ name, got: chooseVariant(n, ranges) }).toEqual({ name, got: expected });
    }
  });

  it('give the same equal weights', () => {
    for (const [n, expected] of cases.getEqualWeights as [number, number[]][]) expect(equalWeights(n).map(round)).toEqual(expected.map(round));
  });
});

describe('weights over many ids', () => {
  it('put 10,000 ids into three variants within 2 points of their weights', () => {
    const weights = [0.2, 0.3, 0.5];
    const ranges = bucketRanges(3, 1, weights);
    const counts = [0, 0, 0];
    for (let i = 0; i < 10_000; i++) {
      const index = chooseVariant(hashPosition('checkout-test', `device-${i}`) ?? -1, ranges);
      counts[index] = (counts[index] ?? 0) + 1;
    }
    for (const [i, count] of counts.entries()) expect(Math.abs(count / 10_000 - (weights[i] ?? 0))).toBeLessThanOrEqual(0.02);
  });
});

describe('seededPosition', () => {
  it('equals hashPosition for 10,000 ids, empty and non-ASCII ones too', () => {
    const position = seededPosition('checkout-test');
    const ids = ['', 'é-ü-ß', '日本', ...Array.from({ length: 10_000 }, (_, i) => `device-${i * 7919}`)];
    for (const id of ids) expect({ id, got: position(id) }).toEqual({ id, got: hashPosition('checkout-test', id) as number });
  });
});

const round = (x: number) => Math.round(x * 1e6) / 1e6;
