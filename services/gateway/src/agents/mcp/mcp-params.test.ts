import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { type AgentStack, startAgentStack } from '../testing/stack.ts';

let stack: AgentStack;

beforeAll(async () => {
  stack = await startAgentStack();
});

afterAll(async () => {
  await stack.stop();
});

type RpcAnswer = { jsonrpc: string; id: unknown; error?: { code: number; message: string }; result?: unknown };

async function rpc(message: unknown): Promise<{ status: number; body: RpcAnswer }> {
  const res = await fetch(`${stack.gatewayUrl}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(message) });
  return { status: res.status, body: (await res.json()) as RpcAnswer };
}

/** -32602 with a message short enough to read and free of a validation dump. */
function expectInvalidParams(body: RpcAnswer, id: unknown, mentions: string) {
  expect(body).toMatchObject({ jsonrpc: '2.0', id, error: { code: -32602 } });
  const message = body.error?.message ?? '';
  expect(message).toStartWith('Invalid params');
  expect(message).toContain(mentions);
  expect(message).not.toContain('\n');
  expect(message).not.toContain('invalid_type');
  expect(message.length).toBeLessThan(160);
}

describe('MCP params that do not fit the method', () => {
  it('answers tools/call with a tool name that is not a string with -32602 naming the field', async () => {
    const { body } = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 42 } });
    expectInvalidParams(body, 1, 'name must be a string');
  });

  it('answers tools/call without params, or without a name, with -32602', async () => {
    expectInvalidParams((await rpc({ jsonrpc: '2.0', id: 2, method: 'tools/call' })).body, 2, 'params');
    expectInvalidParams((await rpc({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: {} })).body, 3, 'name is required');
  });

  it('answers tools/call whose arguments are not an object with -32602', async () => {
    for (const args of ['x', [1], 5]) {
      const { body } = await rpc({ jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'list_markets', arguments: args } });
      expectInvalidParams(body, 'a', 'arguments must be an object');
    }
  });

  it('answers tools/list with a cursor that is not a string with -32602', async () => {
    const { body } = await rpc({ jsonrpc: '2.0', id: 4, method: 'tools/list', params: { cursor: 5 } });
    expectInvalidParams(body, 4, 'cursor must be a string');
  });

  it('answers params that are not an object (a string, a number, an array) with -32602 and the request id', async () => {
    for (const method of ['tools/call', 'tools/list']) {
      for (const params of ['x', 7, [1]]) {
        const { status, body } = await rpc({ jsonrpc: '2.0', id: 5, method, params });
        expect(status).toBe(400);
        expectInvalidParams(body, 5, 'params must be an object');
      }
    }
  });

  it('answers initialize without its required params with -32602, not an internal error', async () => {
    const { body } = await rpc({ jsonrpc: '2.0', id: 6, method: 'initialize', params: { x: 1 } });
    expectInvalidParams(body, 6, 'protocolVersion is required');
  });

  it('answers only the bad message of a batch with -32602 and still runs the others', async () => {
    const res = await fetch(`${stack.gatewayUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 42 } },
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      ]),
    });
    const answers = (await res.json()) as RpcAnswer[];
    const byId = new Map(answers.map((a) => [a.id, a]));
    expect(byId.get(1)?.error?.code).toBe(-32602);
    expect(byId.get(2)?.result).toBeDefined();
  });

  it('still answers a well-formed tools/call, and an unknown tool as a tool error', async () => {
    const ok = await rpc({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'list_markets', arguments: { code: 'DE' } } });
    expect(ok.body.error).toBeUndefined();
    const unknown = await rpc({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'no_such_tool' } });
    expect(unknown.body).toMatchObject({ id: 8, result: { isError: true } });
  });
});
