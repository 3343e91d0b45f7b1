import { edenGC } from 'bun:jsc';

/** Lets waiting requests and timers run (one event-loop turn) before a long computation goes on. */
export const yieldToRequests = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Collects the young garbage a batch of a long build left (the documents it read and let go),
 * then yields like yieldToRequests. JSC otherwise lets garbage grow to about the size of the live
 * heap before collecting it (its heap growth factor is 2 below 80% of the machine's RAM), so a
 * build reading 100k documents would peak at twice what it keeps; an eden collection of one
 * batch's garbage takes a few milliseconds.
 */
export async function releaseBatch(): Promise<void> {
  edenGC();
  await yieldToRequests();
}
