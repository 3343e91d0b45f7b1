import { createParser } from 'eventsource-parser';

/** One event read off a chat stream. */
export interface StreamEvent {
  id: number;
  event: string;
  data: any;
}

/**
 * Reads a text/event-stream body as it comes: `events` grows, `pings` counts comments;
 * `waitFor(n)` resolves once n events arrived (rejects after `timeoutMs`), `close()` cancels.
 */
export function readStream(res: Response) {
  const events: StreamEvent[] = [];
  let pings = 0;
  let ended = false;
  const waiters: (() => void)[] = [];
  const parser = createParser({
    onEvent: (e) => {
      events.push({ id: Number(e.id), event: e.event ?? 'message', data: JSON.parse(e.data) });
      for (const w of waiters.splice(0)) w();
    },
    onComment: () => {
      pings++;
      for (const w of waiters.splice(0)) w();
    },
  });
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const done = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      // cancelled
    } finally {
      ended = true;
      for (const w of waiters.splice(0)) w();
    }
  })();
  const until = async (ok: () => boolean, timeoutMs: number, what: string) => {
    const deadline = performance.now() + timeoutMs;
    while (!ok()) {
      if (ended) throw new Error(`stream ended before ${what}`);
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what} (have ${events.length} events)`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };
  return {
    events,
    get pings() {
      return pings;
    },
    get ended() {
      return ended;
    },
    waitFor: (n: number, timeoutMs = 2000) => until(() => events.length >= n, timeoutMs, `${n} events`),
    waitForPings: (n: number, timeoutMs = 2000) => until(() => pings >= n, timeoutMs, `${n} pings`),
    /** Resolves once the server ended the stream. */
    waitForEnd: async (timeoutMs = 2000) => {
      const deadline = performance.now() + timeoutMs;
      while (!ended) {
        if (performance.now() > deadline) throw new Error('timed out waiting for the stream to end');
        await Bun.sleep(10);
      }
    },
    async close() {
      await reader.cancel().catch(() => {});
      await done;
    },
  };
}
