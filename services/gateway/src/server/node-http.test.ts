import { afterEach, describe, expect, it } from 'bun:test';
import { rawHttpExchange } from '@tm/shared/testing';
import { type FetchHandler, type NodeHttpServer, serveWithNodeHttp } from './node-http.ts';

const started: NodeHttpServer[] = [];
afterEach(async () => {
  for (const s of started.splice(0)) await s.stop(true);
});

async function serve(handler: FetchHandler, maxRequestBodySize?: number) {
  const server = await serveWithNodeHttp(handler, { hostname: '127.0.0.1', port: 0, reusePort: false, maxRequestBodySize });
  started.push(server);
  return server;
}

/** The status lines of a raw answer, in the order they arrived (a body has no line end before the next answer). */
const statusLines = (answer: string) => answer.match(/HTTP\/1\.1 \d{3} [^\r]*\r\n/g) ?? [];

describe('the node:http adapter', () => {
  it('answers two pipelined requests sent in one write, in order, even when the handler awaits', async () => {
    const server = await serve(async (request) => {
      const path = new URL(request.url).pathname;
      await Bun.sleep(path === '/first' ? 30 : 0);
      return new Response(`answer ${path}`);
    });
    const answer = await rawHttpExchange(server.port, 'GET /first HTTP/1.1\r\nHost: x\r\n\r\nGET /second HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(statusLines(answer)).toHaveLength(2);
    expect(answer.indexOf('answer /first')).toBeGreaterThan(-1);
    expect(answer.indexOf('answer /first')).toBeLessThan(answer.indexOf('answer /second'));
  });

  it('hands the handler the method, the URL from the Host header, every header and the streamed body', async () => {
    let seen: { method: string; url: string; tags: string | null; body: string } | undefined;
    const server = await serve(async (request) => {
      seen = { method: request.method, url: request.url, tags: request.headers.get('x-tag'), body: await request.text() };
      return new Response(null, { status: 204 });
    });
    const res = await fetch(`http://127.0.0.1:${server.port}/path?q=1`, {
      method: 'POST',
      headers: [
        ['x-tag', 'a'],
        ['x-tag', 'b'],
      ],
      body: 'x'.repeat(200_000),
    });
    expect(res.status).toBe(204);
    expect(seen).toEqual({ method: 'POST', url: `http://127.0.0.1:${server.port}/path?q=1`, tags: 'a, b', body: 'x'.repeat(200_000) });
  });

  it('keeps a target starting with // as the path, and answers 400 to a Host that is no host', async () => {
    const server = await serve((request) => new Response(new URL(request.url).host + new URL(request.url).pathname));
    expect(await rawHttpExchange(server.port, 'GET //evil.example/x HTTP/1.1\r\nHost: gw.local\r\nConnection: close\r\n\r\n')).toEndWith(
      'gw.local//evil.example/x',
    );
    for (const host of ['a@b', 'a/b', 'a b']) {
      const answer = await rawHttpExchange(server.port, `GET /x HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(answer).toStartWith('HTTP/1.1 400');
    }
  });

  it('writes back the status, the headers and each Set-Cookie as its own header line', async () => {
    const server = await serve(() => {
      const headers = new Headers({ 'content-type': 'application/json', 'x-request-id': 'r1' });
      headers.append('set-cookie', 'a=1; Path=/; HttpOnly');
      headers.append('set-cookie', 'b=2; Path=/');
      return new Response('{"ok":true}', { status: 201, headers });
    });
    const answer = await rawHttpExchange(server.port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(answer).toStartWith('HTTP/1.1 201');
    expect(answer).toContain('\r\nset-cookie: a=1; Path=/; HttpOnly\r\n');
    expect(answer).toContain('\r\nset-cookie: b=2; Path=/\r\n');
    expect(answer).toContain('\r\ncontent-type: application/json\r\n');
    expect(answer).toEndWith('{"ok":true}');
  });

  it('streams a response body larger than the socket buffers whole (writes wait for drain)', async () => {
    const chunk = new Uint8Array(64 * 1024).fill(97);
    const chunks = 64;
    const server = await serve(() => {
      let sent = 0;
      return new Response(
        new ReadableStream({
          pull(controller) {
            if (sent++ === chunks) controller.close();
            else controller.enqueue(chunk);
          },
        }),
      );
    });
    const res = await fetch(`http://127.0.0.1:${server.port}/`);
    expect((await res.arrayBuffer()).byteLength).toBe(chunk.byteLength * chunks);
  });

  it('aborts the request signal and stops reading the body once the client goes away', async () => {
    const { promise: abortedSeen, resolve: sawAbort } = Promise.withResolvers<void>();
    let pulls = 0;
    const server = await serve((request) => {
      request.signal.addEventListener('abort', () => sawAbort());
      return new Response(
        new ReadableStream({
          async pull(controller) {
            pulls++;
            controller.enqueue(new Uint8Array(16 * 1024));
            await Bun.sleep(5);
          },
        }),
      );
    });
    const client = new AbortController();
    const res = await fetch(`http://127.0.0.1:${server.port}/`, { signal: client.signal });
    const reader = res.body!.getReader();
    await reader.read();
    client.abort();
    await abortedSeen;
    const pullsAtAbort = pulls;
    await Bun.sleep(50);
    expect(pulls - pullsAtAbort).toBeLessThanOrEqual(2);
  });

  it('gives the peer address of the connection through requestIP', async () => {
    let server: NodeHttpServer | undefined;
    let address: string | undefined;
    server = await serve((request) => {
      address = server?.requestIP(request)?.address;
      return new Response('ok');
    });
    await fetch(`http://127.0.0.1:${server.port}/`);
    expect(address).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    expect(server.requestIP(new Request('http://localhost/'))).toBeNull();
  });

  it('answers 413 to a declared body over maxRequestBodySize without calling the handler', async () => {
    let called = false;
    const server = await serve(() => {
      called = true;
      return new Response('ok');
    }, 10);
    const res = await fetch(`http://127.0.0.1:${server.port}/`, { method: 'POST', body: 'x'.repeat(11) });
    expect(res.status).toBe(413);
    expect(called).toBe(false);
  });

  it('answers 500 when the handler throws, and keeps serving', async () => {
    const server = await serve((request) => {
      if (new URL(request.url).pathname === '/boom') throw new Error('boom');
      return new Response('fine');
    });
    expect((await fetch(`http://127.0.0.1:${server.port}/boom`)).status).toBe(500);
    expect(await (await fetch(`http://127.0.0.1:${server.port}/`)).text()).toBe('fine');
  });

  it('binds its port exclusively unless reusePort is asked for', async () => {
    const first = await serve(() => new Response('first'));
    await expect(serveWithNodeHttp(() => new Response('second'), { hostname: '127.0.0.1', port: first.port, reusePort: false })).rejects.toMatchObject({
      code: 'EADDRINUSE',
    });
  });

  it('lets an in-flight request finish on stop, then refuses new connections', async () => {
    const { promise: entered, resolve: enter } = Promise.withResolvers<void>();
    const server = await serveWithNodeHttp(
      async () => {
        enter();
        await Bun.sleep(50);
        return new Response('finished');
      },
      { hostname: '127.0.0.1', port: 0, reusePort: false },
    );
    const inFlight = fetch(`http://127.0.0.1:${server.port}/`);
    await entered;
    const stopped = server.stop();
    expect(await (await inFlight).text()).toBe('finished');
    await stopped;
    await expect(fetch(`http://127.0.0.1:${server.port}/`)).rejects.toThrow();
  });
});

describe('the node:http adapter with request bodies the handler does not read whole', () => {
  it('keeps serving when the handler cancels a body mid-way, and closes a connection whose body passes maxRequestBodySize', async () => {
    const server = await serve(async (request) => {
      const reader = request.body!.getReader();
      await reader.read();
      await reader.cancel();
      return new Response('read a little', { status: 413 });
    }, 1024 * 1024);
    let sent = 0;
    const body = new ReadableStream({
      pull(controller) {
        if (sent++ < 40) controller.enqueue(new Uint8Array(64 * 1024).fill(97));
        else controller.close();
      },
    });
    const res = await fetch(`http://127.0.0.1:${server.port}/`, { method: 'POST', body }).catch((err: unknown) => err);
    // The answer is written before the body ends; the client sees it, or a closed connection.
    if (res instanceof Response) expect(await res.text()).toBe('read a little');
    else expect(String(res)).toMatch(/closed|reset|ECONN/i);
    expect(await (await fetch(`http://127.0.0.1:${server.port}/`, { method: 'POST', body: 'small' })).text()).toBe('read a little');
  });

  it('errors the body stream of a chunked upload over maxRequestBodySize instead of buffering it', async () => {
    let failure: unknown;
    const server = await serve(async (request) => {
      try {
        await request.arrayBuffer();
      } catch (err) {
        failure = err;
      }
      return new Response('done');
    }, 64 * 1024);
    let sent = 0;
    const body = new ReadableStream({
      pull(controller) {
        if (sent++ < 8) controller.enqueue(new Uint8Array(64 * 1024).fill(97));
        else controller.close();
      },
    });
    await fetch(`http://127.0.0.1:${server.port}/`, { method: 'POST', body }).catch(() => undefined);
    for (let i = 0; i < 100 && failure === undefined; i++) await Bun.sleep(10);
    expect(String(failure)).toContain('request body too large');
  });
});
