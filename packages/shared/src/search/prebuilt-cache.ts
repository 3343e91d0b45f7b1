import type { PrebuiltAnswer, RebuildableAnswer } from './prebuilt.ts';

/** Prebuilt answers of one immutable data version, their bodies kept under a byte budget. */
export interface PrebuiltCache {
  /**
   * The answer under `key`. `build` runs now only for a key never built before (its ETag is
   * needed); afterwards only when a full answer needs a body that was dropped.
   */
  get(key: string, build: () => PrebuiltAnswer): RebuildableAnswer;
}

/**
 * Keeps the bodies of prebuilt answers within `budgetBytes`: once their total is over, the least
 * recently sent are dropped first. The ETag and content type of every answer built are kept (a few
 * bytes each), so a revalidation of a dropped answer is still a 304 without a rebuild, and a full
 * request rebuilds the body and keeps it again. The builds must read an immutable snapshot, so a
 * rebuild gives the same bytes and the same ETag (were it ever different, the rebuilt answer is
 * sent with its own ETag and its ETag kept).
 *
 * - Sending a body counts as a use; a 304 does not, as it needs no body.
 * - An answer larger than the whole budget is sent but not kept: every full request for it builds
 *   it. A budget of 0 keeps no body at all, only the ETags.
 * - `build` is synchronous, so two requests for the same missing answer never both build it: the
 *   first builds and keeps it before the second runs.
 */
export function createPrebuiltCache(budgetBytes: number): PrebuiltCache {
  const heads = new Map<string, { etag: string; contentType: string }>();
  /** The kept bodies, least recently sent first (a Map iterates in insertion order). */
  const kept = new Map<string, PrebuiltAnswer>();
  let keptBytes = 0;

  /** Records a new build, keeps its body if it fits, and drops the oldest bodies until the total fits. */
  function keep(key: string, answer: PrebuiltAnswer): void {
    heads.set(key, { etag: answer.etag, contentType: answer.contentType });
    if (answer.body.byteLength > budgetBytes) return;
    kept.set(key, answer);
    keptBytes += answer.body.byteLength;
    // The new body is the last and fits alone, so the loop stops before it.
    for (const [oldest, dropped] of kept) {
      if (keptBytes <= budgetBytes) break;
      kept.delete(oldest);
      keptBytes -= dropped.body.byteLength;
    }
  }

  /** The full answer, kept or built again, now the most recently sent. */
  function load(key: string, build: () => PrebuiltAnswer): PrebuiltAnswer {
    const hit = kept.get(key);
    if (hit) {
      kept.delete(key);
      kept.set(key, hit);
      return hit;
    }
    const built = build();
    keep(key, built);
    return built;
  }

  return {
    get(key, build) {
      const head = heads.get(key);
      if (head) return { ...head, load: () => load(key, build) };
      const built = build();
      keep(key, built);
      // This request's own build, kept or not, serves its full answer.
      return { etag: built.etag, contentType: built.contentType, load: () => built };
    },
  };
}
