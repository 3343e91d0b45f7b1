import { edenGC, fullGC } from 'bun:jsc';

/** Lets waiting requests and timers run (one event-loop turn) before a long computation goes on. */
export const yieldToRequests = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Collects the young garbage a batch of a long build left (the documents it read and let go),
 * then yields like yieldToRequests. JSC otherwise lets garbage grow to about the size of the live
 * heap before collecting it (its heap growth factor is 2 below 80% of the machine's RAM), so a
 * build reading 100k documents would peak at twice what it keeps; an eden collection of one
 * batch's garbage takes a few milliseconds. `full` collects the old generation too (what survived
 * a few eden collections and then was dropped: parsed lines held across a network read) and hands
 * freed native memory back (Bun.gc(true): the body chunks a read let go); it takes far longer at a
 * large heap, so a build asks for one every few tens of thousands of documents.
 */
export async function releaseBatch(options: { full?: boolean } = {}): Promise<void> {
  if (options.full) Bun.gc(true);
  else edenGC();
  await yieldToRequests();
}

/** How far a long build lets JSC's heap grow past what its last full collection left before it asks for another (buildReleaser). */
export const BUILD_HEAP_GROWTH = 1.25;
/** Below this heap size a build never asks for a full collection (every test, a small catalog). */
export const BUILD_HEAP_FLOOR_BYTES = 64 * 2 ** 20;

/**
 * releaseBatch for a long build, bounding its old generation too. An eden collection promotes
 * whatever is live when it runs (the batch being read, decoded as a whole, and the one just
 * handed over), so a build's batches end up as old garbage that only a full collection frees,
 * and JSC runs one on its own only once the heap has about doubled: the catalog's first build at
 * 100k went to a 620 MB heap for ~270 MB live, 950-1,130 MB RSS. Each call collects the young
 * garbage, or, once the heap has grown past `growth` times what the last full collection left
 * (and past `floorBytes`), everything: a synchronous full collection, 0.1-0.3 s at that size
 * (Bun.gc(true) would also drop the compiled code). Then it yields.
 *
 * The heap's size is the one JSC noted at its last collection (`heapUsed`), not `heapSize()` from
 * bun:jsc: that one walks the heap's blocks, 3-13 ms a call at a few hundred MB, and a build asking
 * it once per batch spent ~0.6 s of the catalog's 100k build and ~0.8 s of the index's ETag pass
 * in it (docs/scale.md, "Fifth pass"). Every call collects, so the size read is at most one batch old.
 */
export function buildReleaser(
  growth = BUILD_HEAP_GROWTH,
  floorBytes = BUILD_HEAP_FLOOR_BYTES,
  /** JSC's heap (tests count what it is asked). fullGC returns what it kept. */
  heap: { size: () => number; fullGC: () => number; edenGC: () => void } = { size: lastCollectedHeapBytes, fullGC, edenGC },
): () => Promise<void> {
  let kept = Math.max(heap.size(), floorBytes);
  return async () => {
    if (heap.size() > kept * growth) kept = Math.max(heap.fullGC(), floorBytes);
    else heap.edenGC();
    await yieldToRequests();
  };
}

/** JSC's heap size as of its last collection (eden or full): cheap, unlike bun:jsc heapSize(), which walks the heap. */
export function lastCollectedHeapBytes(): number {
  return process.memoryUsage().heapUsed;
}

/**
 * Hands each batch of `batches` to `take`, then runs `release` (buildReleaser's) once nothing
 * holds the batch any more: `take` has returned and the loop keeps no reference to it. A
 * collection run while a batch is still referenced (inside a `for await` body, as the builds did)
 * promotes the whole batch, thousands of decoded documents, to the old generation, which only a
 * full collection frees: at 100k catalog services that was ~3 s of a ~6.5 s build in collections
 * (docs/scale.md, "Fifth pass"). The source is closed (return()) if `take` or `release` throws.
 */
export async function eachBatchReleased<B>(batches: AsyncIterable<B> | Iterable<B>, take: (batch: B) => void, release: () => Promise<void>): Promise<void> {
  const iterator: AsyncIterator<B> | Iterator<B> =
    Symbol.asyncIterator in batches ? (batches as AsyncIterable<B>)[Symbol.asyncIterator]() : (batches as Iterable<B>)[Symbol.iterator]();
  let finished = false;
  try {
    while (await takeNext(iterator, take)) await release();
    finished = true;
  } finally {
    if (!finished) await iterator.return?.();
  }
}

/** The next batch given to `take`, in its own frame (so no local of the caller's holds it afterwards); false once the source is done. */
async function takeNext<B>(iterator: AsyncIterator<B> | Iterator<B>, take: (batch: B) => void): Promise<boolean> {
  const next = await iterator.next();
  if (next.done) return false;
  take(next.value);
  return true;
}
