import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type AgentStack, startAgentStack } from '../testing/stack.ts';

let stack: AgentStack;
let client: Client;

beforeAll(async () => {
  stack = await startAgentStack();
  client = new Client({ name: 'find-talent-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${stack.gatewayUrl}/mcp`)));
});

afterAll(async () => {
  await client.close();
  await stack.stop();
});

type Found = { total: number; talent: { slug: string; role: string; industries: string[]; profileUrl: string; availability: { status: string } }[] };
const call = async (args: Record<string, unknown>) => (await client.callTool({ name: 'find_talent', arguments: args })) as CallToolResult;

describe('find_talent', () => {
  it('answers "a PM for a fintech project" in one call, as GET /talent does', async () => {
    const result = await call({ role: 'pm', industry: 'fintech' });
    expect(result.isError).toBeFalsy();
    const found = result.structuredContent as Found;
    expect(found.talent.length).toBeGreaterThan(0);
    for (const p of found.talent) {
      expect(p.role).toBe('pm');
      expect(p.industries).toContain('fintech');
      expect(p.profileUrl).toStartWith('http');
    }
    const direct = await fetch(`${stack.talentUrl}/talent?role=pm&industry=fintech&limit=5`);
    const body = (await direct.json()) as { data: { slug: string }[] };
    expect(found.talent.map((p) => p.slug)).toEqual(body.data.map((p) => p.slug));
    expect(found.total).toBe(Number(direct.headers.get('x-total-count')));
    expect((result.content[0] as { text: string }).text).toContain(found.talent[0]?.slug as string);
  });

  it('finds by free text, skills and availability, and says so when nobody matches', async () => {
    const available = (await call({ available: true, limit: 20 })).structuredContent as Found;
    expect(available.talent.every((p) => p.availability.status !== 'unavailable')).toBe(true);
    const none = await call({ query: 'zzzqqq' });
    expect(none.isError).toBeFalsy();
    expect((none.structuredContent as Found).talent).toEqual([]);
    expect((none.content[0] as { text: string }).text).toContain('Nobody matches');
  });

  it('refuses out-of-bounds arguments before calling the service', async () => {
    const result = await call({ limit: 500 });
    expect(result.isError).toBe(true);
  });
});
