import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { PmPreview as ApiPmPreview, StaffProfile as ApiProfile, Quote as ApiQuote, Service as ApiService } from '@tm/contracts';
import { MARKETS } from '@tm/contracts';
import type { Quote } from '@tm/contracts/agent-tools';
import { INTERNAL_CALL_HEADERS } from '@tm/shared/testing';
import { type AgentStack, startAgentStack } from '../testing/stack.ts';

let stack: AgentStack;
let client: Client;

beforeAll(async () => {
  stack = await startAgentStack();
  client = new Client({ name: 'agents-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${stack.gatewayUrl}/mcp`)));
});

afterAll(async () => {
  await client.close();
  await stack.stop();
});

/** The service's own answer, fetched directly (not through the gateway), to compare tool results with. */
async function api<T>(
  base: string,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: { success: boolean; data: T; error?: { code: string; message: string } } }> {
  // Internal routes as the gateway calls them: with a service credential the test apps accept.
  const headers = path.startsWith('/internal/') ? { ...INTERNAL_CALL_HEADERS, ...(init.headers as Record<string, string>) } : init.headers;
  const res = await fetch(`${base}${path}`, { ...init, headers });
  return { status: res.status, body: await res.json() };
}

async function call(name: string, args: Record<string, unknown>) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function structured<T>(result: CallToolResult): T {
  expect(result.isError).toBeFalsy();
  expect(result.content[0]?.type).toBe('text');
  return result.structuredContent as T;
}

/** Money fields equal the API's integer amounts (quotes minted at different instants differ only in validity). */
function expectSameQuote(tool: Quote, apiQuote: ApiQuote) {
  expect(tool.market).toBe(apiQuote.market);
  expect(tool.currency).toBe(apiQuote.currency);
  expect(tool.subtotal.amount).toBe(apiQuote.subtotal);
  expect(tool.tax.amount.amount).toBe(apiQuote.tax.amount);
  expect(tool.tax.rateBasisPoints).toBe(apiQuote.tax.rateBasisPoints);
  expect(tool.total.amount).toBe(apiQuote.total);
  expect(tool.lines.map((l) => [l.slug, l.billedHours, l.qty, l.unitAmount.amount, l.amount.amount, l.minimumApplied])).toEqual(
    apiQuote.lines.map((l) => [l.slug, l.billedHours, l.qty, l.unitAmount, l.amount, l.minimumApplied]),
  );
}

describe('MCP tools over Streamable HTTP', () => {
  it('lists every tool with a description, an input schema and an output schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'search',
      'search_services',
      'get_service',
      'quote_service',
      'quote_cart',
      'list_markets',
      'find_talent_for_service',
      'find_talent',
      'get_talent_profile',
      'create_booking',
      'create_lead',
    ]);
    for (const tool of tools) {
      expect(tool.description?.length).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
    }
  });

  it('prices 120 hours of a React developer in Germany in one call, as the API does', async () => {
    const result = await call('quote_service', { service: 'react-developer', hours: 120, market: 'DE' });
    const quote = structured<Quote>(result);
    const direct = await api<ApiQuote>(stack.catalogUrl, '/services/react-developer/quote?hours=120', { headers: { 'x-country': 'DE' } });
    expectSameQuote(quote, direct.body.data);
    expect(quote.currency).toBe('EUR');
    expect(quote.total.formatted).toBe(`${(direct.body.data.total / 100).toFixed(2)} EUR`);
    expect((result.content[0] as { text: string }).text).toContain(quote.total.formatted);
  });

  it('takes a market code in any letter case, as X-Country does', async () => {
    const lower = structured<Quote>(await call('quote_service', { service: 'react-developer', hours: 120, market: 'de' }));
    expect(lower.market).toBe('DE');
    expect(lower.currency).toBe('EUR');
  });

  it('finds a service by words and quotes it by the returned slug (the two-call flow)', async () => {
    const search = structured<{ services: { slug: string; name: string }[] }>(await call('search_services', { query: 'react', market: 'DE' }));
    const react = search.services.find((s) => s.slug === 'react-developer');
    expect(react).toBeDefined();
    const quote = structured<Quote>(await call('quote_service', { service: react?.slug, hours: 120, market: 'DE' }));
    expect(quote.lines[0]?.slug).toBe('react-developer');
  });

  it('searches like GET /services, with prices in the requested market and copy in the requested language', async () => {
    const result = structured<{
      market: string;
      language: string;
      total: number;
      services: { id: string; slug: string; name: string; pricing: { hourlyRate: { amount: number } } }[];
    }>(await call('search_services', { category: 'frontend', market: 'AE', language: 'ar', limit: 3 }));
    const res = await fetch(`${stack.catalogUrl}/services?category=frontend&limit=3`, { headers: { 'x-country': 'AE', 'x-lang': 'ar' } });
    const direct = (await res.json()) as { data: ApiService[] };
    expect(result.services.map((s) => [s.id, s.slug, s.name, s.pricing.hourlyRate.amount])).toEqual(
      direct.data.map((s) => [s._id, s.slug, s.name, s.pricing.hourlyRate]),
    );
    expect(result.total).toBe(Number(res.headers.get('x-total-count')));
    expect(result.market).toBe('AE');
    expect(result.language).toBe('ar');
  });

  it('gets one service like GET /services/{id}, previews and copy included', async () => {
    const detail = structured<{
      id: string;
      name: string;
      faq: unknown[];
      inclusions: string[];
      availablePms: { slug: string; profileUrl: string }[];
      pricing: { estimatedAmount: { amount: number } };
    }>(await call('get_service', { service: 'node-backend-developer', market: 'US', language: 'de' }));
    const direct = await api<ApiService>(stack.catalogUrl, '/services/node-backend-developer', { headers: { 'x-country': 'US', 'x-lang': 'de' } });
    expect(detail.id).toBe(direct.body.data._id);
    expect(detail.name).toBe(direct.body.data.name);
    expect(detail.inclusions).toEqual(direct.body.data.inclusions);
    expect(detail.faq).toEqual(direct.body.data.faq);
    expect(detail.pricing.estimatedAmount.amount).toBe(direct.body.data.pricing.estimatedAmount);
    expect(detail.availablePms.map((p) => p.slug)).toEqual((direct.body.data.availablePms ?? []).map((p) => p.slug));
    for (const p of detail.availablePms) expect(p.profileUrl).toStartWith('http://localhost:8080/pm/');
  });

  it('quotes a cart like POST /jobs/pricing', async () => {
    const items = [
      { serviceId: 'react-developer', hours: 80 },
      { serviceId: 'python-django-developer', hours: 1, qty: 2 },
    ];
    const quote = structured<Quote>(await call('quote_cart', { items, market: 'IN' }));
    const direct = await api<ApiQuote>(stack.catalogUrl, '/jobs/pricing', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-country': 'IN' },
      body: JSON.stringify({ items }),
    });
    expectSameQuote(quote, direct.body.data);
    expect(quote.lines[1]?.minimumApplied).toBe(direct.body.data.lines[1]?.minimumApplied);
  });

  it('lists the markets from the shared market table', async () => {
    const all = structured<{ defaultMarket: string; markets: { code: string; currency: string; taxBasisPoints: number; languages: string[] }[] }>(
      await call('list_markets', {}),
    );
    expect(all.defaultMarket).toBe('IN');
    expect(all.markets.map((m) => [m.code, m.currency, m.taxBasisPoints, m.languages])).toEqual(
      Object.values(MARKETS).map((m) => [m.code, m.currency, m.taxBasisPoints, [...m.languages]]),
    );
    const de = structured<{ markets: { code: string; taxPercent: string }[] }>(await call('list_markets', { code: 'de' }));
    expect(de.markets).toEqual([expect.objectContaining({ code: 'DE', taxPercent: '19%' })]);
  });

  it('finds the talent for a service like the talent previews endpoint', async () => {
    const found = structured<{ service: { slug: string }; talent: { slug: string; listedRating: number }[] }>(
      await call('find_talent_for_service', { service: 'react-developer', limit: 5 }),
    );
    const direct = await api<ApiPmPreview[]>(stack.talentUrl, '/internal/pm-previews?service=react-developer&limit=5');
    expect(found.service.slug).toBe('react-developer');
    expect(found.talent.map((t) => [t.slug, t.listedRating])).toEqual(direct.body.data.map((t) => [t.slug, t.listedRating]));
  });

  it('gets a talent profile like the talent API, for an expert and for a project manager', async () => {
    const sitemap = await api<string[]>(stack.talentUrl, '/talent/sitemap');
    const index = await api<{ slug: string; kind: string }[]>(stack.talentUrl, '/internal/talent-index');
    const pm = index.body.data.find((p) => p.kind === 'pm');
    const expert = index.body.data.find((p) => p.kind === 'expert');
    expect(sitemap.body.data.length).toBeGreaterThan(0);
    for (const [entry, path] of [
      [expert, `/talent/${expert?.slug}`],
      [pm, `/pm/${pm?.slug}/profile`],
    ] as const) {
      const profile = structured<{ id: string; slug: string; skills: unknown[]; profileUrl: string }>(await call('get_talent_profile', { slug: entry?.slug }));
      const direct = await api<ApiProfile>(stack.talentUrl, path);
      expect(profile.id).toBe(direct.body.data.id);
      expect(profile.skills).toEqual(direct.body.data.skills);
      expect(profile.profileUrl).toBe(`http://localhost:8080${direct.body.data.profileUrl}`);
    }
  });
});

describe('MCP tool errors', () => {
  it('turns a 404 envelope into a tool error carrying its message', async () => {
    const result = await call('quote_service', { service: 'no-such-service', hours: 10 });
    const direct = await api<never>(stack.catalogUrl, '/services/no-such-service/quote?hours=10');
    expect(result.isError).toBe(true);
    expect((result.content[0] as { text: string }).text).toBe(`${direct.body.error?.code}: ${direct.body.error?.message}`);
  });

  it('turns a 400 envelope (hours out of range) into a tool error', async () => {
    const result = await call('quote_service', { service: 'react-developer', hours: -5 });
    const direct = await api<never>(stack.catalogUrl, '/services/react-developer/quote?hours=-5');
    expect(direct.status).toBe(400);
    expect(result.isError).toBe(true);
    expect((result.content[0] as { text: string }).text).toStartWith(`${direct.body.error?.code}:`);
  });

  it('turns an unknown cart item and an unknown profile into tool errors', async () => {
    expect((await call('quote_cart', { items: [{ serviceId: 'nope', hours: 1 }] })).isError).toBe(true);
    expect((await call('get_talent_profile', { slug: 'nobody-here' })).isError).toBe(true);
    expect((await call('find_talent_for_service', { service: 'nope' })).isError).toBe(true);
    expect((await call('list_markets', { code: 'FR' })).isError).toBe(true);
  });

  it('answers path words and list-route names given as a ref with the not-found error, never another route', async () => {
    const text = (r: CallToolResult) => (r.content[0] as { text: string }).text;
    for (const service of ['.', '..', 'catalog', '../talent/sitemap', 'react-developer/quote', 'React Developer']) {
      for (const tool of ['get_service', 'quote_service', 'find_talent_for_service']) {
        const result = await call(tool, { service, hours: 10 });
        expect(result.isError).toBe(true);
        expect(text(result)).toStartWith('SERVICE_NOT_FOUND:');
      }
    }
    for (const slug of ['.', '..', 'sitemap', 'zoe/../x']) {
      const result = await call('get_talent_profile', { slug });
      expect(result.isError).toBe(true);
      expect(text(result)).toStartWith('PROFILE_NOT_FOUND:');
    }
  });

  it('answers arguments that break the input schema with a tool error, not a crash', async () => {
    const result = await call('quote_service', { service: 'react-developer', market: 'FR' });
    expect(result.isError).toBe(true);
  });
});

describe('create_booking', () => {
  async function callAs(token: string | undefined, args: Record<string, unknown>) {
    const c = new Client({ name: 'agents-booking-test', version: '1.0.0' });
    await c.connect(
      new StreamableHTTPClientTransport(new URL(`${stack.gatewayUrl}/mcp`), token ? { requestInit: { headers: { authorization: `Bearer ${token}` } } } : {}),
    );
    try {
      return (await c.callTool({ name: 'create_booking', arguments: args })) as CallToolResult;
    } finally {
      await c.close();
    }
  }

  const acceptTerms = (token: string, market?: string) => stack.acceptTerms(token, market);

  it("answers with the terms' address and version instead of accepting them for the person", async () => {
    const token = await stack.issuer.mint({ role: 'customer', sub: 'mcp-no-terms' });
    const result = await callAs(token, { items: [{ serviceId: 'react-developer', hours: 20 }], market: 'DE' });
    expect(result.isError).toBe(true);
    const text = JSON.stringify(result.content);
    expect(text).toContain('LEGAL_ACCEPTANCE_REQUIRED');
    expect(text).toContain('/api/legal/terms');
    expect(text).toContain('version 1, market DE');
    // Nothing was accepted on the person's behalf.
    expect((await callAs(token, { items: [{ serviceId: 'react-developer' }], market: 'DE' })).isError).toBe(true);
    await acceptTerms(token, 'DE');
    expect((await callAs(token, { items: [{ serviceId: 'react-developer' }], market: 'DE' })).isError).toBeFalsy();
  });

  it("books a cart with the caller's token and answers how the person pays, without paying", async () => {
    const token = await stack.issuer.mint({ role: 'customer', sub: 'mcp-customer' });
    await acceptTerms(token, 'DE');
    const result = await callAs(token, { items: [{ serviceId: 'react-developer', hours: 20 }], market: 'DE' });
    const out = structured<{
      id: string;
      number: string;
      status: string;
      total: { currency: string; amount: number };
      howToPay: { signInFirst: boolean; createPayment: { url: string } };
    }>(result);
    expect(out.number).toMatch(/^BK-/);
    expect(out.status).toBe('pending_payment');
    expect(out.total.currency).toBe('EUR');
    expect(out.howToPay.signInFirst).toBe(false);
    expect(out.howToPay.createPayment.url).toEndWith('/api/payments');
  });

  it('tells a guest to sign in and claim before paying', async () => {
    const token = await stack.issuer.mint({ role: 'guest', sub: 'mcp-guest' });
    await acceptTerms(token);
    const out = structured<{ howToPay: { signInFirst: boolean; steps: string[] } }>(await callAs(token, { items: [{ serviceId: 'react-developer' }] }));
    expect(out.howToPay.signInFirst).toBe(true);
    expect(out.howToPay.steps.join(' ')).toContain('/api/bookings/claim');
  });

  it('fails as a tool result without a token or with a bad cart', async () => {
    const none = await callAs(undefined, { items: [{ serviceId: 'react-developer' }] });
    expect(none.isError).toBe(true);
    expect(JSON.stringify(none.content)).toContain('UNAUTHORIZED');
    const token = await stack.issuer.mint({ role: 'customer', sub: 'mcp-customer-2' });
    await acceptTerms(token);
    const bad = await callAs(token, { items: [{ serviceId: 'no-such-service' }] });
    expect(bad.isError).toBe(true);
    expect(JSON.stringify(bad.content)).toContain('UNKNOWN_SERVICE');
  });
});
