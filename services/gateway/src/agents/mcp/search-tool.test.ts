import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type AgentStack, startAgentStack } from '../testing/stack.ts';

let stack: AgentStack;
let client: Client;

beforeAll(async () => {
  stack = await startAgentStack();
  client = new Client({ name: 'search-tool-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${stack.gatewayUrl}/mcp`)));
});

afterAll(async () => {
  await client.close();
  await stack.stop();
});

type Found = { total: number; counts: Record<string, number>; results: { type: string; slug: string; url: string }[] };
const call = async (args: Record<string, unknown>) => (await client.callTool({ name: 'search', arguments: args })) as CallToolResult;

describe('the MCP search tool', () => {
  it('answers what GET /api/search answers, in one call, with absolute links', async () => {
    const result = await call({ query: 'PM for fintech', limit: 5 });
    expect(result.isError).toBeFalsy();
    const found = result.structuredContent as Found;
    const direct = await fetch(`${stack.gatewayUrl}/api/search?q=${encodeURIComponent('PM for fintech')}&limit=5`);
    expect(direct.status).toBe(200);
    const body = (await direct.json()) as { data: { slug: string }[] };
    expect(found.results.map((r) => r.slug)).toEqual(body.data.map((h) => h.slug));
    expect(found.results.length).toBeGreaterThan(0);
    expect(found.total).toBe(Number(direct.headers.get('x-total-count')));
    expect(direct.headers.get('x-facet-type')).toBe(`service=${found.counts.service}, talent=${found.counts.talent}, page=${found.counts.page}`);
    for (const r of found.results) expect(r.url).toStartWith('http');
  });

  it('refuses bad arguments with the API codes before calling the service', async () => {
    const empty = await call({ query: '' });
    expect(empty.isError).toBe(true);
    expect((empty.content[0] as { text: string }).text).toStartWith('INVALID_SEARCH');
    expect((await call({ query: 'react', types: ['people'] })).isError).toBe(true);
  });
});
