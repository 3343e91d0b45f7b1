/**
 * Event streams through the /api proxy (text/event-stream, e.g. the chatbot's answers): the
 * upstream timeout covers them only until the answer's headers arrive, then they are relayed as
 * they come, unbuffered, until they end or stay silent too long.
 */
import { stripResponseHeaders } from './headers.ts';

/**
 * The least silence that ends a relayed event stream: services send a heartbeat comment at least
 * every 8 s (the chatbot's answers), and Bun closes a connection idle for 10 s anyway.
 */
export const STREAM_IDLE_MS = 10_000;

export function wantsEventStream(request: Request): boolean {
  return (request.headers.get('accept') ?? '').includes('text/event-stream');
}

/** The chat's live stream (design/chat.md): always an event stream, whatever Accept says (curl sends none). */
const CHAT_STREAM = /^\/api\/chat\/[^/]+\/stream\/?$/;

/** Routes whose answer is an event stream for every client: relayed as one even without `Accept: text/event-stream`. */
export function isEventStreamRoute(method: string, path: string): boolean {
  return (method === 'GET' || method === 'HEAD') && CHAT_STREAM.test(path);
}

export function isEventStream(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
}

/** A signal that follows `timeout` until `detach()` (and again after `reattach()`), which the stream relay can also abort. */
export function untilHeaders(timeout: AbortSignal) {
  const own = new AbortController();
  const follow = () => own.abort(timeout.reason);
  const attach = () => {
    if (timeout.aborted) follow();
    else timeout.addEventListener('abort', follow, { once: true });
  };
  attach();
  return {
    signal: own.signal,
    detach: () => timeout.removeEventListener('abort', follow),
    reattach: attach,
    abort: () => own.abort(),
  };
}

/**
 * An event stream passed through as it arrives (never buffered, never checked for an envelope:
 * its events are the service's contract), ended when it stays silent past `idleMs`. When the
 * client goes away, the upstream request is aborted too, so the service stops answering.
 */
export function relayEventStream(upstream: Response, abortUpstream: () => void, idleMs: number): Response {
  stripResponseHeaders(upstream.headers);
  upstream.headers.delete('content-length');
  const body = upstream.body;
  if (!body) return new Response(null, { status: upstream.status, headers: upstream.headers });
  const reader = body.getReader();
  const relayed = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const silent = new Promise<'idle'>((resolve) => {
        timer = setTimeout(() => resolve('idle'), idleMs);
      });
      try {
        const next = await Promise.race([reader.read(), silent]);
        if (next === 'idle') {
          abortUpstream();
          controller.close();
        } else if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch {
        // The service broke off: end the stream where it stands (the client sees no `done` event).
        controller.close();
      } finally {
        clearTimeout(timer);
      }
    },
    cancel() {
      abortUpstream();
      reader.cancel().catch(() => {});
    },
  });
  return new Response(relayed, { status: upstream.status, headers: upstream.headers });
}
