/**
 * W3C Trace Context (https://www.w3.org/TR/trace-context/): the `traceparent` header that carries
 * one trace through every service. Parsed and made here, with no tracing SDK: with traces off a
 * service still accepts the caller's context, starts one when there is none, passes it on and
 * logs its trace id, so log lines of one request can be found across services for free.
 */
export const TRACEPARENT_HEADER = 'traceparent';

/** The span a request or call runs in: its trace, its own span id, and whether it is sampled. */
export interface TraceContext {
  readonly traceId: string;
  readonly spanId: string;
  readonly sampled: boolean;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ZERO_TRACE = '0'.repeat(32);
const ZERO_SPAN = '0'.repeat(16);

/** The caller's context, or undefined for a missing or malformed header (then a new trace starts). */
export function parseTraceparent(header: string | null | undefined): TraceContext | undefined {
  if (!header) return undefined;
  const m = TRACEPARENT.exec(header.trim().toLowerCase());
  if (!m) return undefined;
  const [, version, traceId, spanId, flags, rest] = m as unknown as [string, string, string, string, string, string | undefined];
  // Version ff is invalid; version 00 has nothing after the flags (later versions may).
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (traceId === ZERO_TRACE || spanId === ZERO_SPAN) return undefined;
  return { traceId, spanId, sampled: (Number.parseInt(flags, 16) & 1) === 1 };
}

/** The header value for `context` (version 00). */
export function formatTraceparent(context: TraceContext): string {
  return `00-${context.traceId}-${context.spanId}-${context.sampled ? '01' : '00'}`;
}

/** Random ids made this many at a time: one getRandomValues and one hex conversion serve 64 requests. */
const IDS_PER_FILL = 64;
/** Each id is 24 random bytes (48 hex digits): a trace id (32) and a span id (16). */
const ID_HEX = 48;
const bytes = new Uint8Array((ID_HEX / 2) * IDS_PER_FILL);
let pool = '';
let next = IDS_PER_FILL;
/** 24 fresh random bytes as hex, cut from a pool refilled by the engine's own Uint8Array.prototype.toHex (the gateway starts a trace per request). */
function randomHex(): string {
  if (next === IDS_PER_FILL) {
    crypto.getRandomValues(bytes);
    pool = (bytes as Uint8Array & { toHex(): string }).toHex();
    next = 0;
  }
  const start = next++ * ID_HEX;
  return pool.slice(start, start + ID_HEX);
}

/** A new span id (16 hex digits, random, never all zeros in practice). */
export function newSpanId(): string {
  return randomHex().slice(0, 16);
}

/** A new trace, sampled, for a request that arrived without one. */
export function newTraceContext(): TraceContext {
  const hex = randomHex();
  return { traceId: hex.slice(0, 32), spanId: hex.slice(32), sampled: true };
}
