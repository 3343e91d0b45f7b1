import { afterAll, describe, expect, it } from 'bun:test';
import { waitFor } from '@tm/shared/testing';
import { req, testGateway } from '../testing/gateway.ts';
import { forward, ProxyFailure } from './proxy.ts';

/**
 * A service answering with an event stream: the first event at once, the next only when the test
 * releases it (so a buffering proxy would never show the first), then it ends, or stays silent.
 */
let release: () => void = () => {};
let aborted = 0;
const upstream = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  idleTimeout: 0,
  fetch(request) {
    const path = new URL(request.url).pathname;
    if (path.endsWith('/json'))
      return Response.json({ success: false, error: { code: 'CHATBOT_SESSION_NOT_FOUND', message: 'No such session' } }, { status: 404 });
    request.signal.addEventListener('abort', () => aborted++);
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode('event: meta\ndata: {"sources":[]}\n\n'));
        if (path.endsWith('/silent')) return;
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        controller.enqueue(encoder.encode('event: done\ndata: {"fallback":true}\n\n'));
        controller.close();
      },
    });
    return new Response(stream, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
  },
});
afterAll(() => upstream.stop(true));

const base = `http://127.0.0.1:${upstream.port}`;
const SSE = { accept: 'text/event-stream' };
const decoder = new TextDecoder();

describe('event streams through the /api proxy', () => {
  it('passes each event on as it comes, unbuffered, and past the upstream timeout', async () => {
    const gateway = testGateway({ upstream: base, jwksUrl: `${base}/jwks`, upstreamTimeoutMs: 100 });
    const res = await gateway.handle(req('/api/chatbot/sessions/s1/messages/stream', { method: 'POST', headers: SSE, body: '{}' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toStartWith('text/event-stream');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const first = decoder.decode((await reader.read()).value);
    expect(first).toContain('event: meta');
    // Time passes, not a wait for something: the second event is released well past the 100 ms upstream timeout.
    await Bun.sleep(250);
    release();
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += decoder.decode(r.value);
    expect(rest).toContain('event: done');
  });

  it('keeps the envelope rules for a JSON answer to a client that asked for a stream', async () => {
    const gateway = testGateway({ upstream: base, jwksUrl: `${base}/jwks` });
    const res = await gateway.handle(req('/api/chatbot/sessions/x/json', { method: 'POST', headers: SSE, body: '{}' }));
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('CHATBOT_SESSION_NOT_FOUND');
  });

  it('ends a stream silent for longer than the idle limit, and stops the service answering', async () => {
    const before = aborted;
    const answer = await forward(new Request(`${base}/silent`, { method: 'POST', headers: SSE }), {
      url: `${base}/silent`,
      clientIp: '127.0.0.1',
      requestId: 'req-stream-1',
      service: 'assistant',
      signal: AbortSignal.timeout(5_000),
      maxBodyBytes: 1024,
      fetch,
      streamIdleMs: 100,
    });
    if (answer instanceof ProxyFailure) throw new Error('no stream');
    const text = await answer.text();
    expect(text).toContain('event: meta');
    await waitFor('the service to see its request aborted', () => aborted > before, 80);
  });

  it('stops the service answering when the client goes away', async () => {
    const before = aborted;
    const gateway = testGateway({ upstream: base, jwksUrl: `${base}/jwks` });
    const res = await gateway.handle(req('/api/chatbot/sessions/s2/messages/stream', { method: 'POST', headers: SSE, body: '{}' }));
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    await reader.cancel();
    await waitFor('the service to see its request aborted', () => aborted > before, 80);
  });
});
