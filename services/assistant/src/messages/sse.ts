import type { ChatbotEvent } from '@tm/contracts';

const encoder = new TextEncoder();

/** One event in text/event-stream framing. */
export function encodeEvent(e: ChatbotEvent): Uint8Array {
  return encoder.encode(`event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
}

/** A comment line: keeps the connection (and every proxy's idle timer) alive, ignored by SSE clients. */
const PING = encoder.encode(': ping\n\n');

/** Headers of the answer stream: never cached, never buffered by a proxy in front (nginx reads X-Accel-Buffering). */
export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
} as const;

/**
 * The answer as an SSE body: `run` emits events while it answers; a heartbeat comment goes out
 * whenever nothing else has for `heartbeatMs` (at most 8 s, under the gateway's and Bun's idle
 * timeouts), and the stream ends when `run` settles. If the reader goes away, `signal` aborts.
 */
export function eventStream(run: (emit: (e: ChatbotEvent) => void, signal: AbortSignal) => Promise<void>, heartbeatMs: number): ReadableStream<Uint8Array> {
  const abort = new AbortController();
  let timer: ReturnType<typeof setInterval> | undefined;
  let open = true;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let last = performance.now();
      const write = (bytes: Uint8Array) => {
        if (!open) return;
        last = performance.now();
        controller.enqueue(bytes);
      };
      timer = setInterval(
        () => {
          if (performance.now() - last >= heartbeatMs - 5) write(PING);
        },
        Math.max(10, Math.floor(heartbeatMs / 4)),
      );
      run((e) => write(encodeEvent(e)), abort.signal)
        .catch(() => {
          // run reports its own failures as an error event; nothing more to say on the stream.
        })
        .finally(() => {
          clearInterval(timer);
          open = false;
          try {
            controller.close();
          } catch {
            // Already cancelled by the reader.
          }
        });
    },
    cancel() {
      open = false;
      clearInterval(timer);
      abort.abort();
    },
  });
}
