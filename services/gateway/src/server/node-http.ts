import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ListenOptions } from '@tm/shared/process';

/** A socket address as `Bun.Server.requestIP` gives it. */
export interface SocketAddress {
  address: string;
  family: string;
  port: number;
}

/** A running node:http server in front of a fetch handler. */
export interface NodeHttpServer {
  readonly hostname: string;
  readonly port: number;
  /** The peer address of the connection a request came on (null for a request this server did not make). */
  requestIP(request: Request): SocketAddress | null;
  /** Stops accepting; waits for in-flight requests unless `closeActiveConnections`, then closes every connection. */
  stop(closeActiveConnections?: boolean): Promise<void>;
}

export type FetchHandler = (request: Request) => Response | Promise<Response>;

const BODYLESS = new Set(['GET', 'HEAD']);

/**
 * Serves a fetch handler through `node:http` (which, unlike Bun.serve 1.4.5, answers pipelined
 * HTTP/1.1 requests in order; docs/data-layer.md). Each IncomingMessage becomes a Fetch Request
 * whose body streams with backpressure and whose signal aborts when the client goes away; each
 * Response is written back with its status, every header (several Set-Cookie kept apart) and its
 * body streamed with backpressure. Binds exclusively unless `reusePort`, as Bun.serve does here.
 */
export async function serveWithNodeHttp(handler: FetchHandler, options: ListenOptions): Promise<NodeHttpServer> {
  const peers = new WeakMap<Request, SocketAddress>();
  const maxBody = options.maxRequestBodySize ?? Number.POSITIVE_INFINITY;
  const server = createServer((req, res) => void answer(req, res));
  let stopping = false;

  async function answer(req: IncomingMessage, res: ServerResponse) {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > maxBody) return finishPlain(res, 413, 'Payload Too Large');
    const url = requestUrl(req, options.hostname);
    if (!url) return finishPlain(res, 400, 'Bad Request');
    const aborted = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) aborted.abort(new Error('client closed the connection'));
    });
    let request: Request;
    try {
      request = new Request(url, {
        method: req.method,
        headers: requestHeaders(req),
        body: BODYLESS.has(req.method ?? 'GET') ? null : bodyStream(req, maxBody),
        signal: aborted.signal,
        // @ts-expect-error: a streamed body needs half duplex in the Fetch spec; lib.dom does not list it yet
        duplex: 'half',
      });
    } catch {
      return finishPlain(res, 400, 'Bad Request');
    }
    const socket = req.socket;
    if (socket.remoteAddress) peers.set(request, { address: socket.remoteAddress, family: socket.remoteFamily ?? 'IPv4', port: socket.remotePort ?? 0 });
    let response: Response;
    try {
      response = await handler(request);
    } catch {
      return finishPlain(res, 500, 'Internal Server Error');
    }
    // Once stopping, each answer closes its connection, so no keep-alive socket holds stop open.
    if (stopping) res.setHeader('connection', 'close');
    await writeResponse(response, res, aborted.signal);
  }

  server.listen({ host: options.hostname, port: options.port, exclusive: !options.reusePort, reusePort: options.reusePort });
  await Promise.race([once(server, 'listening'), once(server, 'error').then(([err]) => Promise.reject(err))]);
  const bound = server.address() as AddressInfo;
  return {
    hostname: options.hostname,
    port: bound.port,
    requestIP: (request) => peers.get(request) ?? null,
    stop: (closeActiveConnections = false) => {
      stopping = true;
      return stopServer(server, closeActiveConnections);
    },
  };
}

/** A Host value that can only be a host and port (no userinfo, path or spaces to move the URL's parts). */
const HOST = /^[A-Za-z0-9._~-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * The absolute URL of a request, from the Host header and the target as sent: `//a/b` stays a
 * path (never a host), and a Host that is no host (`a b`, `a@b`, `a/b`) makes no URL (answered 400).
 * An HTTP/1.0 request without Host is resolved against the bind address.
 */
function requestUrl(req: IncomingMessage, fallbackHost: string): string | undefined {
  const target = req.url ?? '/';
  const host = req.headers.host || fallbackHost;
  if (!HOST.test(host)) return undefined;
  try {
    return target.startsWith('/') ? new URL(`http://${host}${target}`).href : new URL(target).href;
  } catch {
    return undefined;
  }
}

function requestHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string);
  return headers;
}

/**
 * The request body as a pull stream: the socket is paused while the consumer has not asked for
 * more (backpressure), and a body over `maxBody` bytes (a chunked upload that declared no
 * length) errors the stream instead of buffering it.
 */
function bodyStream(req: IncomingMessage, maxBody: number): ReadableStream<Uint8Array> {
  let received = 0;
  // Set once the stream is closed, errored or cancelled: later bytes are read and dropped (so the
  // connection can carry the next request) up to maxBody, past which the connection is closed.
  let finished = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on('data', (chunk: Buffer) => {
        received += chunk.byteLength;
        if (received > maxBody) {
          if (!finished) controller.error(new Error('request body too large'));
          finished = true;
          req.destroy();
          return;
        }
        if (finished) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 1) <= 0) req.pause();
      });
      req.once('end', () => {
        if (!finished) controller.close();
        finished = true;
      });
      req.once('error', (err) => {
        if (!finished) controller.error(err);
        finished = true;
      });
      req.pause();
    },
    pull() {
      req.resume();
    },
    cancel() {
      finished = true;
      req.resume();
    },
  });
}

async function writeResponse(response: Response, res: ServerResponse, aborted: AbortSignal) {
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  response.headers.forEach((value, name) => {
    // node:http frames the body itself; set-cookie is written below, one header line per cookie.
    if (name === 'set-cookie' || name === 'transfer-encoding') return;
    res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const cancel = () => void reader.cancel().catch(() => {});
  aborted.addEventListener('abort', cancel, { once: true });
  try {
    // A body that is one chunk (every JSON answer) goes out with a Content-Length, not chunked.
    const first = await reader.read();
    if (first.done) return void res.end();
    const second = aborted.aborted ? { done: true as const, value: undefined } : await reader.read();
    if (second.done) return void res.end(first.value);
    res.write(first.value);
    if (!res.write(second.value)) await drained(res, aborted);
    while (!aborted.aborted) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await drained(res, aborted);
    }
  } catch {
    // The body failed after the head went out: closing the connection is the only honest signal left.
    res.destroy();
    return;
  }
  aborted.removeEventListener('abort', cancel);
  if (!aborted.aborted) res.end();
}

/** Resolves once the socket takes more data or the client has gone. */
function drained(res: ServerResponse, aborted: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      aborted.removeEventListener('abort', done);
      resolve();
    };
    res.once('drain', done);
    aborted.addEventListener('abort', done, { once: true });
  });
}

function finishPlain(res: ServerResponse, status: number, text: string) {
  res.writeHead(status, { 'content-type': 'text/plain', connection: 'close' });
  res.end(text);
}

async function stopServer(server: Server, closeActiveConnections: boolean) {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  if (closeActiveConnections) server.closeAllConnections();
  await closed;
}
