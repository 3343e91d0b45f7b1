import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import type { Quote } from '@tm/contracts/agent-tools';
import { type AgentStack, startAgentStack } from '../testing/stack.ts';
import { MCP_TOOLS } from './tools.ts';

let stack: AgentStack;

beforeAll(async () => {
  stack = await startAgentStack();
});

afterAll(async () => {
  await stack.stop();
});

describe('MCP over raw HTTP', () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${stack.gatewayUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body,
    });

  it('answers a body that is not JSON with a JSON-RPC parse error', async () => {
    const res = await post('{"jsonrpc":"2.0",');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
  });

  it('answers a message with the wrong jsonrpc version as an invalid request', async () => {
    const res = await post(JSON.stringify({ jsonrpc: '1.0', id: 1, method: 'tools/list' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -32600 } });
  });

  it('answers an unknown method with method-not-found', async () => {
    const res = await post(JSON.stringify({ jsonrpc: '2.0', id: 'x', method: 'no/such/method' }));
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: 'x', error: { code: -32601 } });
  });

  it('does not promise tools/list_changed notifications in initialize (the server is stateless and never sends them)', async () => {
    const res = await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
    );
    const body = (await res.json()) as { result: { capabilities: { tools?: { listChanged?: boolean } } } };
    expect(body.result.capabilities.tools).toBeDefined();
    expect(body.result.capabilities.tools?.listChanged).not.toBe(true);
  });

  it('answers tools/list without an Accept header, with no session id and the gateway headers', async () => {
    const res = await fetch(`${stack.gatewayUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'mcp-test-request-1' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    expect(res.headers.get('x-request-id')).toBe('mcp-test-request-1');
    for (const h of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) expect(res.headers.get(h)).toMatch(/^\d+$/);
    const body = (await res.json()) as { result: { tools: unknown[] } };
    expect(body.result.tools).toHaveLength(MCP_TOOLS.length);
  });

  it('passes the request id and the X-Country of the /mcp request on to the catalog', async () => {
    const res = await post(
      JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'quote_service', arguments: { service: 'react-developer', hours: 10 } } }),
      {
        'x-request-id': 'mcp-trace-000001',
        'x-country': 'AU',
      },
    );
    const body = (await res.json()) as { result: { structuredContent: Quote } };
    expect(body.result.structuredContent.currency).toBe('AUD');
    // The catalog writes its log line after it has answered: poll for it, with a bound.
    const logged = () => stack.catalogLog.some((l) => l.path === '/services/react-developer/quote' && l.requestId === 'mcp-trace-000001');
    for (let i = 0; i < 200 && !logged(); i++) await Bun.sleep(5);
    expect(logged()).toBe(true);
  });

  it('refuses a browser Origin that is neither the site nor a configured CORS origin', async () => {
    const res = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
    const ok = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), { origin: 'https://app.example' });
    expect(ok.status).toBe(200);
  });

  it('answers GET and DELETE with 405 and Allow: POST (the server is stateless)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${stack.gatewayUrl}/mcp`, { method, headers: { accept: 'text/event-stream' } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(await res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
    }
  });

  it('recognises a bearer token like the API does: the per-account quota applies', async () => {
    const token = await stack.issuer.mint({ sub: 'mcp-user-1' });
    const anonymous = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }));
    const signedIn = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }), { authorization: `Bearer ${token}` });
    expect(anonymous.headers.get('ratelimit-limit')).toBe('300');
    expect(signedIn.headers.get('ratelimit-limit')).toBe('600');
    expect(await signedIn.json()).toMatchObject({ jsonrpc: '2.0', id: 1, result: {} });
  });

  // Last: it stops the catalog.
  it('turns a catalog that is down into a tool error, not a protocol error or a 500', async () => {
    await stack.stopCatalog();
    const res = await post(
      JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'quote_service', arguments: { service: 'react-developer' } } }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: number; result: { isError: boolean; content: { text: string }[] } };
    expect(body.result.isError).toBe(true);
    expect(body.result.content[0]?.text).toStartWith('UPSTREAM_UNAVAILABLE:');
  });
});
