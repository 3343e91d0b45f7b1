import { edenGC } from 'bun:jsc';

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
