import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { type AgentStack, startAgentStack } from '../agents/testing/stack.ts';

let stack: AgentStack;
beforeAll(async () => {
  stack = await startAgentStack();
});
afterAll(async () => {
  await stack.stop();
});

describe('whole lists through the gateway', () => {
  for (const path of ['/api/services/catalog', '/api/talent/sitemap']) {
    it(`passes If-None-Match to the service and its 304 back for ${path}`, async () => {
      const first = await fetch(`${stack.gatewayUrl}${path}`, { headers: { 'x-country': 'DE' } });
      const etag = first.headers.get('etag') as string;
      expect(first.status).toBe(200);
      expect(etag).toBeTruthy();
      expect(first.headers.get('cache-control')).toBe('public, no-cache');
      const again = await fetch(`${stack.gatewayUrl}${path}`, { headers: { 'x-country': 'DE', 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(await again.text()).toBe('');
    });
  }

  it('serves GET /api/talent (talent search) with its paging headers', async () => {
    const res = await fetch(`${stack.gatewayUrl}/api/talent?role=pm&industry=fintech&limit=2`);
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('x-total-count'))).toBeGreaterThan(0);
    expect(res.headers.get('link')).toContain('rel="first"');
    const body = (await res.json()) as { data: { role: string }[] };
    expect(body.data.every((p) => p.role === 'pm')).toBe(true);
    const bad = await fetch(`${stack.gatewayUrl}/api/talent?available=maybe`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('INVALID_AVAILABLE');
  });
});
