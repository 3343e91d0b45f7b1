/**
 * GrowthBook-compatible bucketing (its SDK spec, checked against its published test cases in
 * fixtures/growthbook-cases.json): the same id lands in the same bucket on every replica, after a
 * restart, and in GrowthBook's own SDKs.
 */

/** A half-open bucket range [start, end) on [0, 1). */
export type BucketRange = readonly [start: number, end: number];

/** 32-bit FNV-1a over the string's UTF-16 code units, as GrowthBook's JavaScript SDK computes it. */
export function fnv1a32(text: string): number {
  return fnvOver(FNV_OFFSET, text) >>> 0;
}

/**
 * The id's position on [0, 1): version 2 (used for every flag) is
 * `fnv1a32(str(fnv1a32(seed + value))) % 10000 / 10000`; version 1 is GrowthBook's older, biased
 * hash, kept for the test vectors. Any other version has no position (null).
 */
export function hashPosition(seed: string, value: string, version = 2): number | null {
  if (version === 2) return (fnv1a32(String(fnv1a32(seed + value))) % 10000) / 10000;
  if (version === 1) return (fnv1a32(value + seed) % 1000) / 1000;
  return null;
}

/**
 * hashPosition(seed, value) (version 2) for one seed, made once per flag: the seed's part of the
 * first FNV-1a pass is done here. The same positions as hashPosition (hashing.test.ts checks it).
 */
export function seededPosition(seed: string): (value: string) => number {
  const seeded = fnvOver(FNV_OFFSET, seed);
  return (value) => ((fnvOver(FNV_OFFSET, String(fnvOver(seeded, value) >>> 0)) >>> 0) % 10000) / 10000;
}

const FNV_OFFSET = 0x811c9dc5 | 0;

/** FNV-1a over `text`'s UTF-16 code units from state `h` (Math.imul: the multiply by the FNV prime in 32-bit arithmetic). */
function fnvOver(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h;
}

/** n equal weights (none for n <= 0). */
export function equalWeights(n: number): number[] {
  return n <= 0 ? [] : new Array<number>(n).fill(1 / n);
}

/**
 * Each variant's range: the weights laid end to end on [0, 1), each range shortened to
 * `coverage` of its weight (so raising coverage keeps every id already in its variant).
 * Coverage is clamped to [0, 1]; weights of the wrong count, or not summing to 1 +- 0.01, are
 * replaced by equal ones.
 */
export function bucketRanges(count: number, coverage = 1, weights?: readonly number[]): BucketRange[] {
  const c = Math.min(1, Math.max(0, coverage));
  let w: readonly number[] = weights && weights.length === count ? weights : equalWeights(count);
  const total = w.reduce((sum, x) => sum + x, 0);
  if (total < 0.99 || total > 1.01) w = equalWeights(count);
  let cumulative = 0;
  return w.map((weight) => {
    const start = cumulative;
    cumulative += weight;
    return [start, start + c * weight] as const;
  });
}

/** The index of the range holding `position`, or -1 when it falls in none (outside coverage). */
export function chooseVariant(position: number, ranges: readonly BucketRange[]): number {
  return ranges.findIndex(([start, end]) => position >= start && position < end);
}
