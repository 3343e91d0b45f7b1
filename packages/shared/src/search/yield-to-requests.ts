/** Lets waiting requests and timers run (one event-loop turn) before a long computation goes on. */
export const yieldToRequests = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
