import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { MAX_HOURS, MAX_QTY } from '@tm/contracts';
import { type AgentStack, startAgentStack } from '../testing/stack.ts';

let stack: AgentStack;
beforeAll(async () => {
  stack = await startAgentStack();
});
afterAll(async () => {
  await stack.stop();
});

type RpcAnswer = { id: unknown; result?: { isError?: boolean; content: { text: string }[] }; error?: unknown };

async function callTool(name: string, args: Record<string, unknown>): Promise<RpcAnswer> {
  const res = await fetch(`${stack.gatewayUrl}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name, arguments: args } }),
  });
  return (await res.json()) as RpcAnswer;
}

/** The API's own error for the same bad value, asked of the catalog directly. */
async function apiError(path: string): Promise<{ code: string; message: string }> {
  const body = (await (await fetch(`${stack.catalogUrl}${path}`)).json()) as { error: { code: string; message: string } };
  return body.error;
}

describe('MCP arguments outside the contract bounds', () => {
  it('answer the tool error the API gives for the same value, code and message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ service: 'react-developer', qty: MAX_QTY + 1 }, `/services/react-developer/quote?qty=${MAX_QTY + 1}`],
      [{ service: 'react-developer', qty: 0 }, '/services/react-developer/quote?qty=0'],
      [{ service: 'react-developer', hours: MAX_HOURS + 1 }, `/services/react-developer/quote?hours=${MAX_HOURS + 1}`],
      [{ service: 'react-developer', hours: 0 }, '/services/react-developer/quote?hours=0'],
    ];
    for (const [args, path] of cases) {
      const answer = await callTool('quote_service', args);
      const api = await apiError(path);
      expect(answer.error).toBeUndefined();
      expect(answer.result?.isError).toBe(true);
      expect(answer.result?.content[0]?.text).toBe(`${api.code}: ${api.message}`);
    }
  });

  it('refuse a search longer than the API allows with INVALID_SEARCH', async () => {
    const answer = await callTool('search_services', { query: 'x'.repeat(101) });
    expect(answer.result?.isError).toBe(true);
    expect(answer.result?.content[0]?.text).toStartWith('INVALID_SEARCH: ');
  });

  it('refuse an empty cart and an oversized line with the API codes', async () => {
    expect((await callTool('quote_cart', { items: [] })).result?.content[0]?.text).toStartWith('INVALID_CART: ');
    const line = await callTool('quote_cart', { items: [{ serviceId: 'react-developer', qty: MAX_QTY + 1 }] });
    expect(line.result?.content[0]?.text).toStartWith('INVALID_QTY: ');
  });
});
