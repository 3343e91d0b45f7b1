/**
 * Typo tolerance as the design sets it (Meilisearch's rule): a query word of 5-8 characters may
 * be 1 edit from a document word, from 9 characters 2 edits, shorter words none. An edit is an
 * insertion, deletion, substitution or the swap of two neighbours ("pyhton" → python is one).
 */
export function allowedEdits(word: string): number {
  const n = [...word].length;
  if (n >= 9) return 2;
  if (n >= 5) return 1;
  return 0;
}

/**
 * Whether `a` and `b` are at most `max` edits apart (optimal string alignment distance), with
 * the work bounded: strings whose lengths differ by more than `max` are rejected at once, and a
 * row whose every cell exceeds `max` stops the comparison.
 */
/** Three reused rows of the distance table (a search compares thousands of words; none allocates). */
const rows: [Int32Array, Int32Array, Int32Array] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

export function withinEdits(a: string, b: string, max: number): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return false;
  if (max === 0) return false;
  if (rows[0].length <= lb) for (let r = 0; r < 3; r++) rows[r] = new Int32Array(2 * (lb + 1));
  let [prev2, prev, cur] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      let d = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) d = Math.min(d, (prev2[j - 2] as number) + 1);
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return false;
    const spare = prev2;
    prev2 = prev;
    prev = cur;
    cur = spare;
  }
  return (prev[lb] as number) <= max;
}
