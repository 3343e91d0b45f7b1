/**
 * Header hygiene for the proxy: hop-by-hop headers (RFC 9110 7.6.1) never cross it, and the
 * client's own forwarding headers are dropped so a service only ever sees the one client IP the
 * gateway resolved.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);
const CLIENT_FORWARDING = new Set(['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-real-ip', 'forwarded', 'x-request-id']);

/** What the gateway itself sets on every upstream request (set, not deleted first: `set` replaces). */
const SET_BY_GATEWAY = new Set(['x-forwarded-for', 'x-request-id']);
const REQUEST_DROPPED = new Set([...HOP_BY_HOP, ...CLIENT_FORWARDING].filter((name) => !SET_BY_GATEWAY.has(name)));

/** Headers sent to the service: the client's minus hop-by-hop ones, plus the resolved IP, the request id and the trace context. */
export function upstreamRequestHeaders(incoming: Headers, clientIp: string, requestId: string, traceparent?: string): Headers {
  // A native copy, then one pass over the few names the request has (a request carries a handful
  // of headers; deleting each of the 17 names we drop, present or not, cost several times more).
  const out = new Headers(incoming);
  deleteNamed(out, REQUEST_DROPPED, false);
  out.set('x-forwarded-for', clientIp);
  out.set('x-request-id', requestId);
  if (traceparent) out.set('traceparent', traceparent);
  return out;
}

/** Hop-by-hop headers of a service's answer, dropped before it goes on (exported for the in-process bench). */
export const RESPONSE_DROPPED: ReadonlySet<string> = new Set([...HOP_BY_HOP].filter((name) => name !== 'host'));

/**
 * Makes a service's response headers fit to send on, in place (no copy on the hot path): drops
 * hop-by-hop ones, and the encoding and length of a body fetch already decoded.
 */
export function stripResponseHeaders(headers: Headers): void {
  if (deleteNamed(headers, RESPONSE_DROPPED, true)) headers.delete('content-length');
}

/**
 * Deletes from `headers` every name in `dropped` and every name its Connection header lists, in
 * one pass over the names it has; with `dropEncoding` also Content-Encoding, answering whether there was one.
 */
function deleteNamed(headers: Headers, dropped: ReadonlySet<string>, dropEncoding: boolean): boolean {
  let doomed: string[] | undefined;
  let encoded = false;
  headers.forEach((_value, name) => {
    if (dropped.has(name)) {
      doomed ??= [];
      doomed.push(name);
      if (name === 'connection') for (const listed of connectionNamed(headers)) doomed.push(listed);
    } else if (dropEncoding && name === 'content-encoding') {
      encoded = true;
      doomed ??= [];
      doomed.push(name);
    }
  });
  if (doomed) for (const name of doomed) headers.delete(name);
  return encoded;
}

function connectionNamed(headers: Headers): string[] {
  return (headers.get('connection') ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '');
}
