import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { RevocationView } from '../../policy/revocations.ts';
import { type AgentStack, startAgentStack } from '../testing/stack.ts';

/** A revocation view the test drives: sessions revoked by hand, freshness switched off to play auth's feed being away. */
const revoked = new Set<string>();
let fresh = true;
const revocations: RevocationView = {
  isRevoked: (sid) => revoked.has(sid),
  isFresh: () => fresh,
  refresh: async () => true,
  readiness: () => ({}),
  stop() {},
};

let stack: AgentStack;
beforeAll(async () => {
  stack = await startAgentStack({ revocations });
});
afterAll(async () => {
  await stack.stop();
});

async function createBookingAs(authorization: string): Promise<CallToolResult> {
  const c = new Client({ name: 'agents-revocation-test', version: '1.0.0' });
  await c.connect(new StreamableHTTPClientTransport(new URL(`${stack.gatewayUrl}/mcp`), { requestInit: { headers: { authorization } } }));
  try {
    return (await c.callTool({ name: 'create_booking', arguments: { items: [{ serviceId: 'react-developer' }], market: 'DE' } })) as CallToolResult;
  } finally {
    await c.close();
  }
}

function errorText(result: CallToolResult): string {
  expect(result.isError).toBe(true);
  return JSON.stringify(result.content);
}

describe('create_booking runs the same token, revocation and access checks as POST /api/bookings', () => {
  it("refuses a signed-out session's still-unexpired token with UNAUTHORIZED, though /api refuses it too and the live session books", async () => {
    const live = await stack.issuer.mint({ role: 'customer', sub: 'mcp-live', sid: 'mcp-session-live' });
    await stack.acceptTerms(live, 'DE');
    expect((await createBookingAs(`Bearer ${live}`)).isError).toBeFalsy();

    const ended = await stack.issuer.mint({ role: 'customer', sub: 'mcp-ended', sid: 'mcp-session-ended' });
    await stack.acceptTerms(ended, 'DE');
    expect((await createBookingAs(`Bearer ${ended}`)).isError).toBeFalsy();
    revoked.add('mcp-session-ended');
    expect(errorText(await createBookingAs(`Bearer ${ended}`))).toContain('UNAUTHORIZED');
    const api = await fetch(`${stack.gatewayUrl}/api/bookings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ended}`, 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ serviceId: 'react-developer' }] }),
    });
    expect(api.status).toBe(401);
    await api.body?.cancel();
  });

  it('refuses a token with a bad signature or a malformed header with UNAUTHORIZED', async () => {
    const token = await stack.issuer.mint({ role: 'customer', sub: 'mcp-forged' });
    const [head, payload] = token.split('.');
    expect(errorText(await createBookingAs(`Bearer ${head}.${payload}.AAAA`))).toContain('UNAUTHORIZED');
    expect(errorText(await createBookingAs('Basic dXNlcjpwdw=='))).toContain('UNAUTHORIZED');
  });

  it('refuses a refresh-typed token, which /api never forwards either', async () => {
    const refresh = await stack.issuer.mint({ role: 'customer', sub: 'mcp-refresh', typ: 'refresh' });
    expect(errorText(await createBookingAs(`Bearer ${refresh}`))).toContain('UNAUTHORIZED');
  });

  it('answers UPSTREAM_UNAVAILABLE while the revocation feed is too stale to tell, rather than forward a session revoked meanwhile', async () => {
    const token = await stack.issuer.mint({ role: 'customer', sub: 'mcp-stale', sid: 'mcp-session-stale' });
    await stack.acceptTerms(token, 'DE');
    fresh = false;
    try {
      expect(errorText(await createBookingAs(`Bearer ${token}`))).toContain('UPSTREAM_UNAVAILABLE');
    } finally {
      fresh = true;
    }
    expect((await createBookingAs(`Bearer ${token}`)).isError).toBeFalsy();
  });
});
