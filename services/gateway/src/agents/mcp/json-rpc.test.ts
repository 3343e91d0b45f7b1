import { describe, expect, it } from 'bun:test';
import { INVALID_PARAMS, INVALID_REQUEST, MAX_BATCH, PARSE_ERROR, readJsonRpc } from './json-rpc.ts';

async function errorOf(text: string) {
  const r = readJsonRpc(text);
  if (r.ok) throw new Error('expected an error');
  return { status: r.response.status, body: (await r.response.json()) as { jsonrpc: string; id: unknown; error: { code: number } } };
}

describe('readJsonRpc', () => {
  it('answers -32700 with a null id for a body that is not JSON', async () => {
    const { status, body } = await errorOf('{"jsonrpc": "2.0", "method": ');
    expect(status).toBe(400);
    expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: PARSE_ERROR } });
  });

  it('answers -32600 for JSON that is not a JSON-RPC 2.0 message, keeping its id', async () => {
    const { body } = await errorOf('{"jsonrpc": "1.0", "method": "tools/list", "id": 7}');
    expect(body).toMatchObject({ id: 7, error: { code: INVALID_REQUEST } });
  });

  it('answers -32600 for an empty batch and for a bare value', async () => {
    expect((await errorOf('[]')).body.error.code).toBe(INVALID_REQUEST);
    expect((await errorOf('42')).body.error.code).toBe(INVALID_REQUEST);
  });

  it('answers -32600 for a batch over the cap, and passes one at the cap', async () => {
    const batch = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'ping' })));
    expect((await errorOf(batch(MAX_BATCH + 1))).body.error.code).toBe(INVALID_REQUEST);
    expect(readJsonRpc(batch(MAX_BATCH)).ok).toBe(true);
  });

  it('answers -32602 with the request id for params that are a string, a number or an array', async () => {
    for (const params of ['"x"', '3', '[1]']) {
      const { status, body } = await errorOf(`{"jsonrpc":"2.0","id":4,"method":"tools/list","params":${params}}`);
      expect(status).toBe(400);
      expect(body).toMatchObject({ id: 4, error: { code: INVALID_PARAMS, message: 'Invalid params for tools/list: params must be an object' } });
    }
  });

  it('keeps -32600 for a message that is broken beyond its params', async () => {
    expect((await errorOf('{"jsonrpc":"1.0","id":4,"method":"tools/list","params":"x"}')).body.error.code).toBe(INVALID_REQUEST);
  });

  it('passes a well-formed request through', () => {
    expect(readJsonRpc('{"jsonrpc":"2.0","id":1,"method":"tools/list"}')).toEqual({ ok: true, body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
  });
});
