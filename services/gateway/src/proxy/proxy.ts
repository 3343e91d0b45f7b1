import { currentRequestScope, type ErrorEnvelope, formatTraceparent, isEnvelope } from '@tm/shared';
import type { CallOutcome, Telemetry } from '@tm/shared/telemetry';
import { type GatewayCode, gatewayFailure } from '../errors.ts';
import { isEventStream, relayEventStream, STREAM_IDLE_MS, untilHeaders, wantsEventStream } from './event-stream.ts';
import { stripResponseHeaders, upstreamRequestHeaders } from './headers.ts';

/** What one forwarded request needs besides the request itself. */
export interface ForwardOptions {
  url: string;
  clientIp: string;
  requestId: string;
  /** Aborts the call when the upstream timeout passes (see createTimeoutSignals). */
  signal: AbortSignal;
  maxBodyBytes: number;
  fetch: typeof fetch;
  /**
   * false for a protocol with its own answers (OFREP at /ofrep/v1): every service answer passes
   * through as it is; only transport failures become a ProxyFailure. Default true: /api answers
   * must be the envelope.
   */
  envelope?: boolean;
  /**
   * How long an event stream (text/event-stream, e.g. the chatbot's answers) may stay silent
   * before the gateway ends it. The upstream timeout covers a stream only until its headers
   * arrive: after that a stream lasts as long as events (or heartbeat comments) keep coming.
   * Default STREAM_IDLE_MS.
   */
  streamIdleMs?: number;
  /** The route always answers an event stream (isEventStreamRoute): relayed as one whatever the client's Accept says. */
  eventStream?: boolean;
  /** The service called (its span's name and peer), and the telemetry whose tracing makes that span when traces are on. */
  service: string;
  telemetry?: Telemetry | undefined;
}

/** A gateway-made error answer: status plus the envelope. */
export class ProxyFailure {
  constructor(
    readonly status: number,
    readonly body: ErrorEnvelope,
  ) {}
}

/** The ProxyFailure for `code`, its status from the gateway's error table. */
function failure(code: GatewayCode, message: string): ProxyFailure {
  const { status, body } = gatewayFailure(code, message);
  return new ProxyFailure(status, body);
}

/**
 * Forwards `request` to `options.url` and returns the service's answer (the response body streams through);
 * anything that is not an envelope (HTML error pages, plain text, a 5xx without an envelope)
 * and every transport failure becomes a ProxyFailure with the error envelope instead.
 */
export function forward(request: Request, options: ForwardOptions): Promise<Response | ProxyFailure> {
  // Traces on: a client span for the call, whose context the service gets. Off: the request's
  // own context (accepted or started by serviceBase) goes on as it is, at the cost of one string.
  const call = options.telemetry?.tracing ? options.telemetry.startCall(options.service, request.method, options.url) : undefined;
  if (call === undefined) {
    const trace = currentRequestScope()?.trace;
    return forwardWith(request, options, trace ? formatTraceparent(trace) : undefined);
  }
  return forwardWith(request, options, call.traceparent).then((answer) => {
    call.end(answer instanceof ProxyFailure ? (OUTCOMES[answer.body.error.code] ?? 'bad_answer') : answer.status >= 500 ? 'error_answer' : 'ok');
    return answer;
  });
}

/** How a gateway-made failure counts on the call's span. */
const OUTCOMES: Record<string, CallOutcome> = {
  UPSTREAM_TIMEOUT: 'timeout',
  UPSTREAM_UNAVAILABLE: 'unavailable',
  REQUEST_TIMEOUT: 'ok',
  PAYLOAD_TOO_LARGE: 'ok',
  MALFORMED_BODY: 'ok',
};

async function forwardWith(request: Request, options: ForwardOptions, traceparent: string | undefined): Promise<Response | ProxyFailure> {
  const counted: StreamCount = { tooLarge: false, complete: false };
  // A body with a declared length (already checked against MAX_BODY_BYTES by the policy) is
  // taken whole: Bun has usually received it already, and a fixed-length body costs well under
  // half the CPU of piping a stream (measured: ~60 vs ~105 us per small POST). A body without
  // Content-Length is streamed through a counter that cuts it off past the limit.
  let body: ArrayBuffer | ReadableStream<Uint8Array> | null = null;
  if (request.body !== null) {
    if (!request.headers.has('content-length')) body = limitStream(request.body, options.maxBodyBytes, counted);
    else {
      try {
        body = await readWithin(request, options.signal);
      } catch (err) {
        if ((err as Error)?.name === 'TimeoutError') return failure('REQUEST_TIMEOUT', 'The request body did not arrive in time');
        // The client went away (or lied about the length) mid-body; nothing useful to forward.
        return failure('MALFORMED_BODY', 'The request body could not be read');
      }
    }
  }
  // A client asking for an event stream gets a signal of its own, tied to the upstream timeout only
  // until the answer's headers arrive (the shared slice signal would cut the stream mid-way).
  const stream = options.eventStream || wantsEventStream(request) ? untilHeaders(options.signal) : undefined;
  let upstream: Response;
  try {
    upstream = await options.fetch(options.url, {
      method: request.method,
      headers: upstreamRequestHeaders(request.headers, options.clientIp, options.requestId, traceparent),
      body,
      redirect: 'manual',
      signal: stream?.signal ?? options.signal,
      // @ts-expect-error Bun and undici need this for a streamed request body; the DOM type lacks it.
      duplex: 'half',
    });
  } catch (err) {
    if (counted.tooLarge) return failure('PAYLOAD_TOO_LARGE', `The request body exceeds ${options.maxBodyBytes} bytes`);
    if ((err as Error)?.name === 'TimeoutError') {
      // A streamed body still arriving when time ran out: the client stalled, not the service.
      if (body instanceof ReadableStream && !counted.complete) return failure('REQUEST_TIMEOUT', 'The request body did not arrive in time');
      return failure('UPSTREAM_TIMEOUT', 'The service did not answer in time');
    }
    return failure('UPSTREAM_UNAVAILABLE', 'The service is unavailable; try again shortly');
  } finally {
    stream?.detach();
  }
  if (stream && upstream.status < 300 && isEventStream(upstream)) return relayEventStream(upstream, stream.abort, options.streamIdleMs ?? STREAM_IDLE_MS);
  // Any other answer's body is read under the upstream timeout, as before.
  stream?.reattach();
  if (options.envelope === false) return passThrough(upstream);
  return relay(upstream, request.method);
}

/** The service's answer as the client gets it: as it is when it is an envelope (JSON), re-read only when it may not be. */
function relay(upstream: Response, method: string): Response | ProxyFailure | Promise<Response | ProxyFailure> {
  const { status } = upstream;
  if (method === 'HEAD' || status === 204 || status === 304) return passThrough(upstream);
  // A redirect keeps its status and Location; whatever body came with it is not an envelope, so it is dropped.
  if (status >= 300 && status < 400) return redirectWithoutBody(upstream);
  const type = upstream.headers.get('content-type');
  const json = type?.includes('json') === true;
  if (json && status < 500) return passThrough(upstream);
  return checkEnvelope(upstream, json);
}

async function redirectWithoutBody(upstream: Response): Promise<Response> {
  await upstream.body?.cancel();
  stripResponseHeaders(upstream.headers);
  upstream.headers.delete('content-type');
  upstream.headers.delete('content-length');
  return new Response(null, { status: upstream.status, headers: upstream.headers });
}

/** A 5xx in JSON or any answer not in JSON: passed on only when its body is the envelope. */
async function checkEnvelope(upstream: Response, json: boolean): Promise<Response | ProxyFailure> {
  const { status } = upstream;
  let text: string;
  try {
    text = await upstream.text();
  } catch (err) {
    if ((err as Error)?.name === 'TimeoutError') return failure('UPSTREAM_TIMEOUT', 'The service did not answer in time');
    return failure('UPSTREAM_ERROR', 'The service sent an unusable answer');
  }
  if (json && parsesAsEnvelope(text)) {
    stripResponseHeaders(upstream.headers);
    return new Response(text, { status, headers: upstream.headers });
  }
  return failureFor(status);
}

/** The envelope the gateway puts in place of a service answer that is not one. */
function failureFor(status: number): ProxyFailure {
  if (status === 503) return failure('UPSTREAM_UNAVAILABLE', 'The service is unavailable; try again shortly');
  if (status === 504) return failure('UPSTREAM_TIMEOUT', 'The service did not answer in time');
  if (status === 404) return failure('ROUTE_NOT_FOUND', 'No such resource');
  if (status === 413) return failure('PAYLOAD_TOO_LARGE', 'The request body is too large');
  return failure('UPSTREAM_ERROR', 'The service sent an unusable answer');
}

/** The service's own answer, body unread: Elysia re-wraps it with our headers, so no copy here. */
function passThrough(upstream: Response): Response {
  stripResponseHeaders(upstream.headers);
  return upstream;
}

function parsesAsEnvelope(text: string): boolean {
  try {
    return isEnvelope(JSON.parse(text));
  } catch {
    return false;
  }
}

/**
 * The whole body, or a TimeoutError once `signal` (the upstream timeout) fires first: a client
 * that stops sending a body it declared would otherwise hold the request until Bun's idle timeout.
 */
function readWithin(request: Request, signal: AbortSignal): Promise<ArrayBuffer> {
  if (signal.aborted) return Promise.reject(signal.reason);
  const reading = request.arrayBuffer();
  return new Promise<ArrayBuffer>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    reading.then(
      (bytes) => {
        signal.removeEventListener('abort', onAbort);
        resolve(bytes);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}

/** What limitStream learned of a streamed body: whether it passed the limit, and whether it ended. */
interface StreamCount {
  tooLarge: boolean;
  complete: boolean;
}

/** Counts a body sent without Content-Length and cuts it off past `max` bytes (then a 413). */
function limitStream(body: ReadableStream<Uint8Array>, max: number, counted: StreamCount): ReadableStream<Uint8Array> {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > max) {
          counted.tooLarge = true;
          controller.error(new Error('body too large'));
          return;
        }
        controller.enqueue(chunk);
      },
      flush() {
        counted.complete = true;
      },
    }),
  );
}
