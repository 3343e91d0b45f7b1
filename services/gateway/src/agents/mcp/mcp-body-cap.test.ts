import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createMemoryLogger } from '@tm/shared';
import { testGateway } from '../../testing/gateway.ts';
import { type AgentStack, startAgentStack } from '../testing/stack.ts';

let stack: AgentStack;
let small: AgentStack;

beforeAll(async () => {
  stack = await startAgentStack();
  small = await startAgentStack({ maxBodyBytes: 1000 });
});

afterAll(async () => {
  await stack.stop();
  await small.stop();
});

/** A ping padded to `bytes` bytes of JSON. */
function pingOf(bytes: number): string {
  const bare = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { _meta: { pad: '' } } });
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { _meta: { pad: 'x'.repeat(bytes - bare.length) } } });
}

/** POSTs the text as a stream, so it goes chunked with no Content-Length for the policy to check. */
function postChunked(gatewayUrl: string, text: string): Promise<Response> {
  const bytes = new TextEncoder().encode(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 8192) controller.enqueue(bytes.subarray(i, i + 8192));
      controller.close();
    },
  });
  return fetch(`${gatewayUrl}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
}

describe('the /mcp body cap', () => {
  it('refuses a chunked body over the default MAX_BODY_BYTES (64 KiB) with 413 and a JSON-RPC error', async () => {
    const res = await postChunked(stack.gatewayUrl, pingOf(100 * 1024));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Request body over 65536 bytes' } });
  });

  it('follows the configured MAX_BODY_BYTES: a chunked body at the cap passes, one byte over is 413', async () => {
    const at = await postChunked(small.gatewayUrl, pingOf(1000));
    expect(at.status).toBe(200);
    expect(await at.json()).toMatchObject({ jsonrpc: '2.0', id: 1, result: {} });
    const over = await postChunked(small.gatewayUrl, pingOf(1001));
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000, message: 'Request body over 1000 bytes' } });
  });

  it('answers a body declared over the cap (Content-Length) with 413 and a JSON-RPC error, not the REST envelope', async () => {
    const res = await fetch(`${small.gatewayUrl}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: pingOf(1001) });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Request body over 1000 bytes' } });
    // The REST API keeps the envelope for the same size.
    const api = await fetch(`${small.gatewayUrl}/api/jobs/pricing`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: pingOf(1001) });
    expect(api.status).toBe(413);
    expect(await api.json()).toMatchObject({ success: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('counts bytes, not characters: multi-byte text over the cap is 413', async () => {
    const text = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { _meta: { pad: '€'.repeat(400) } } });
    expect(text.length).toBeLessThan(1000);
    expect(new TextEncoder().encode(text).length).toBeGreaterThan(1000);
    const res = await postChunked(small.gatewayUrl, text);
    expect(res.status).toBe(413);
  });

  it('answers a body that breaks off mid-way with a JSON-RPC parse error, not a logged 500', async () => {
    const logger = createMemoryLogger('gateway');
    const app = testGateway({ upstream: 'http://127.0.0.1:9', jwksUrl: 'http://127.0.0.1:9/jwks.json', logger });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"jsonrpc":'));
        controller.error(new Error('connection reset by peer'));
      },
    });
    const res = await app.handle(
      new Request('http://localhost/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'The request body could not be read' } });
    expect(logger.lines.filter((l) => l.level === 'error')).toEqual([]);
  });

  it('answers a body that stops arriving with 408 and a JSON-RPC error within the upstream timeout', async () => {
    const app = testGateway({ upstream: 'http://127.0.0.1:9', jwksUrl: 'http://127.0.0.1:9/jwks.json', upstreamTimeoutMs: 100 });
    for (const headers of [{ 'content-type': 'application/json', 'content-length': '100' }, { 'content-type': 'application/json' }]) {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"jsonrpc":'));
        },
      });
      const res = await app.handle(new Request('http://localhost/mcp', { method: 'POST', headers, body, duplex: 'half' } as RequestInit));
      expect(res.status).toBe(408);
      expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'The request body did not arrive in time' } });
    }
  });
});
