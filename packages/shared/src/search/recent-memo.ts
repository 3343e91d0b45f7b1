/**
 * A bounded memo that keeps what is asked for again: two generations of at most `max` entries
 * each. New entries go to the young one; when it is full it becomes the old one (the previous old
 * one is dropped), and an entry found in the old one moves back to the young one. Texts and words
 * that repeat across a build (skills, cities, a catalog's common words) stay however many unique
 * ones (names, headlines) pass through, where a memo cleared when full lost them all every `max`
 * unique entries and cut them again (docs/scale.md, "Fifth pass").
 */
export class RecentMemo<K, V> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();

  constructor(private readonly max: number) {}

  get(key: K): V | undefined {
    const v = this.young.get(key);
    if (v !== undefined) return v;
    const aged = this.old.get(key);
    if (aged !== undefined) this.set(key, aged);
    return aged;
  }

  set(key: K, value: V): void {
    if (this.young.size >= this.max) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(key, value);
  }

  /** Entries held, both generations (tests). */
  get size(): number {
    return this.young.size + this.old.size;
  }
}
