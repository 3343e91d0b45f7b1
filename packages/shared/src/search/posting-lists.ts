/**
 * Set algebra over posting lists: ascending Int32Arrays of item ordinals. A result holds each
 * ordinal once (an input that repeats one is tolerated); it may be one of its inputs or a view of
 * a larger buffer, so treat every list as read-only.
 */

/** The list of no ordinals. */
export const NO_ORDINALS: Int32Array = new Int32Array(0);

/**
 * The ordinals in any of `lists`, ascending, each once. One list is returned as it is (no copy);
 * several are merged two by two, in rounds, so each ordinal is moved about log2(lists) times.
 */
export function unionSorted(lists: readonly Int32Array[]): Int32Array {
  let round = [...lists];
  if (round.length === 0) return NO_ORDINALS;
  while (round.length > 1) {
    const next: Int32Array[] = [];
    for (let i = 0; i < round.length; i += 2) {
      const a = round[i] as Int32Array;
      const b = round[i + 1];
      next.push(b ? mergeTwo(a, b) : a);
    }
    round = next;
  }
  return round[0] as Int32Array;
}

/**
 * The ordinals in every one of `lists` (at least one), ascending. The smallest list drives: each
 * of its ordinals is sought in the others by galloping forward from where the last search
 * stopped, so the cost follows the smallest list, not the largest. One list is returned as it is.
 */
export function intersectSorted(lists: readonly Int32Array[]): Int32Array {
  if (lists.length === 0) throw new RangeError('intersectSorted needs at least one list');
  const [driver, ...others] = [...lists].sort((a, b) => a.length - b.length) as [Int32Array, ...Int32Array[]];
  if (others.length === 0 || driver.length === 0) return driver;
  const out = new Int32Array(driver.length);
  const from = new Int32Array(others.length);
  let k = 0;
  next: for (let i = 0; i < driver.length; i++) {
    const v = driver[i] as number;
    if (k > 0 && out[k - 1] === v) continue;
    for (let j = 0; j < others.length; j++) {
      const list = others[j] as Int32Array;
      const at = seek(list, v, from[j] as number);
      if (at === list.length) break next;
      from[j] = at;
      if (list[at] !== v) continue next;
    }
    out[k++] = v;
  }
  return out.subarray(0, k);
}

/** The first index at or after `from` whose ordinal is at least `v` (list.length if none): steps of 1, 2, 4, ... then a binary search. */
function seek(list: Int32Array, v: number, from: number): number {
  let lo = from;
  let hi = from;
  let step = 1;
  while (hi < list.length && (list[hi] as number) < v) {
    lo = hi + 1;
    hi += step;
    step *= 2;
  }
  if (hi > list.length) hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as number) < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function mergeTwo(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  const put = (v: number) => {
    if (k === 0 || out[k - 1] !== v) out[k++] = v;
  };
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x < y) {
      put(x);
      i++;
    } else {
      put(y);
      j++;
      if (x === y) i++;
    }
  }
  while (i < a.length) put(a[i++] as number);
  while (j < b.length) put(b[j++] as number);
  return out.subarray(0, k);
}
