import type { Server } from 'bun';

/** What a peer saw of the last request it received. */
export interface Seen {
  method: string;
  path: string;
  search: string;
  headers: Headers;
  body: string;
}

/** A tiny local service for proxy tests: answers by path, remembers what it saw. */
export interface Peer {
  url: string;
  seen: Seen[];
  stop(): Promise<void>;
}

/**
 * Starts a Bun.serve peer on 127.0.0.1:0 whose answers are chosen by path:
 * /echo (envelope echoing the request), /html-500, /text-200, /json-500 (not an envelope),
 * /envelope-503, /redirect (301 with an HTML body), /slow (never answers before the test's timeout), /healthz, anything else 404 envelope.
 */
export function startPeer(): Peer {
  const seen: Seen[] = [];
  const server: Server<unknown> = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      const body = await req.text();
      seen.push({ method: req.method, path: url.pathname, search: url.search, headers: req.headers, body });
      switch (url.pathname) {
        case '/healthz':
          return Response.json({ status: 'ok' });
        case '/html-500':
          return new Response('<html><body>Internal Server Error</body></html>', { status: 500, headers: { 'content-type': 'text/html' } });
        case '/text-200':
          return new Response('plain words', { headers: { 'content-type': 'text/plain' } });
        case '/json-500':
          return Response.json({ oops: true }, { status: 500 });
        case '/envelope-503':
          return Response.json({ success: false, error: { code: 'DEPENDENCY_DOWN', message: 'down' } }, { status: 503 });
        case '/redirect':
          return new Response('<a href="/elsewhere">moved</a>', { status: 301, headers: { location: '/elsewhere', 'content-type': 'text/html' } });
        case '/slow':
          await Bun.sleep(2000);
          return Response.json({ success: true, data: 'late' });
        default:
          if (url.pathname.endsWith('/missing')) return Response.json({ success: false, error: { code: 'NOT_FOUND', message: 'nope' } }, { status: 404 });
          return Response.json(
            { success: true, data: { method: req.method, path: url.pathname, search: url.search, body, length: body.length } },
            { headers: { 'x-total-count': '42', 'content-language': 'de' } },
          );
      }
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, seen, stop: () => server.stop(true) };
}

/** A URL on which nothing listens (a port we bound, then released). */
export function closedUrl(): string {
  const s = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response() });
  const port = s.port;
  s.stop(true);
  return `http://127.0.0.1:${port}`;
}
