import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import type { Quote as ApiQuote } from '@tm/contracts';
import { z } from 'zod';
import { runTool, toCallToolResult, toolsFor } from './run.ts';
import { startToolServices, type ToolServices } from './testing/services.ts';
import { defineTool, toolAnswer } from './tool.ts';
import { AGENT_TOOLS } from './tools/index.ts';

let services: ToolServices;
beforeAll(async () => {
  services = await startToolServices();
});
afterAll(async () => {
  await services.stop();
});

const tool = (name: string) => {
  const found = AGENT_TOOLS.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
};

describe('runTool', () => {
  it("prices with the catalog and carries the catalog's own Quote beside the agent's view of it", async () => {
    const answer = await runTool(tool('quote_service'), { service: 'react-developer', hours: 120, market: 'de' }, services.context());
    const direct = (await (await fetch(`${services.catalogUrl}/services/react-developer/quote?hours=120`, { headers: { 'x-country': 'DE' } })).json()) as {
      data: ApiQuote;
    };
    if (!answer.ok) throw new Error(answer.message);
    expect(answer.quote?.total).toBe(direct.data.total);
    expect(answer.quote?.currency).toBe('EUR');
    expect((answer.structured as { total: { amount: number } }).total.amount).toBe(direct.data.total);
    expect(answer.text).toContain('Total: ');
  });

  it('answers arguments outside a contract bound with the API code, and other misfits with VALIDATION_FAILED naming the field', async () => {
    expect(await runTool(tool('quote_service'), { service: 'react-developer', hours: 0 }, services.context())).toMatchObject({
      ok: false,
      code: 'INVALID_HOURS',
    });
    expect(await runTool(tool('quote_cart'), { items: [] }, services.context())).toMatchObject({ ok: false, code: 'INVALID_CART' });
    const wrong = await runTool(tool('find_talent'), { role: 'boss' }, services.context());
    expect(wrong).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    if (!wrong.ok) expect(wrong.message).toStartWith('role: ');
    expect(await runTool(tool('get_service'), null, services.context())).toMatchObject({ ok: false, code: 'INVALID_SERVICE_ID' });
    const notAnObject = await runTool(tool('list_markets'), 'DE', services.context());
    expect(notAnObject).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    if (!notAnObject.ok) expect(notAnObject.message).toStartWith('arguments: ');
  });

  it("passes a service's own refusal on with its code", async () => {
    expect(await runTool(tool('get_service'), { service: 'no-such-service' }, services.context())).toMatchObject({ ok: false, code: 'SERVICE_NOT_FOUND' });
  });

  it('answers a handler that throws as INTERNAL instead of throwing', async () => {
    const broken = defineTool({
      name: 'broken',
      title: 'Broken',
      description: 'A tool whose handler throws, to show the host survives it.',
      input: { n: z.number() },
      output: {},
      annotations: { readOnlyHint: true },
      hosts: ['assistant'],
      async handle() {
        throw new Error('boom');
      },
    });
    expect(await runTool(broken, { n: 1 }, services.context())).toEqual({ ok: false, code: 'INTERNAL', message: 'The broken tool failed' });
  });

  it('answers UPSTREAM_UNAVAILABLE when the service behind a tool is down', async () => {
    const own = await startToolServices();
    await own.stopCatalog();
    expect(await runTool(tool('search_services'), { query: 'react' }, own.context())).toMatchObject({ ok: false, code: 'UPSTREAM_UNAVAILABLE' });
    await own.stop();
  });
});

describe('free text on the one search', () => {
  type Talent = { total: number; talent: { slug: string; role: string; industries: string[] }[] };
  it('find_talent answers "PM for fintech" with fintech PMs ("for" is not required, "pm" stands for project manager)', async () => {
    const answer = await runTool(tool('find_talent'), { query: 'PM for fintech', limit: 20 }, services.context());
    if (!answer.ok) throw new Error(answer.message);
    const found = answer.structured as Talent;
    expect(found.talent.length).toBeGreaterThan(1);
    for (const p of found.talent) expect(p.industries).toContain('fintech');
    expect(found.talent.some((p) => p.role === 'pm')).toBe(true);
  });

  it('search_services finds through typos and short forms, ranked by relevance, with the catalog prices', async () => {
    const typo = await runTool(tool('search_services'), { query: 'kubernets', market: 'DE' }, services.context());
    if (!typo.ok) throw new Error(typo.message);
    const slugs = (typo.structured as { services: { slug: string; pricing: { currency: string } }[] }).services;
    expect(slugs.map((s) => s.slug)).toContain('kubernetes-setup');
    expect(slugs.every((s) => s.pricing.currency === 'EUR')).toBe(true);
    const react = await runTool(tool('search_services'), { query: 'reakt developer' }, services.context());
    if (!react.ok) throw new Error(react.message);
    expect((react.structured as { services: { slug: string }[] }).services[0]?.slug).toBe('react-developer');
  });

  it('search answers services and people for one free-text question, with counts per type and absolute links', async () => {
    const answer = await runTool(tool('search'), { query: 'fintech project manager' }, services.context());
    if (!answer.ok) throw new Error(answer.message);
    const out = answer.structured as { total: number; counts: Record<string, number>; results: { type: string; slug: string; url: string }[] };
    expect(out.results.length).toBeGreaterThan(0);
    expect(out.results[0]?.type).toBe('talent');
    expect(out.counts.talent).toBeGreaterThan(0);
    expect(out.results.every((r) => r.url.startsWith('https://tm.example/'))).toBe(true);
    const typed = await runTool(tool('search'), { query: 'react', types: ['service'], limit: 3 }, services.context());
    if (!typed.ok) throw new Error(typed.message);
    const only = typed.structured as { results: { type: string }[] };
    expect(only.results.length).toBe(3);
    expect(only.results.every((r) => r.type === 'service')).toBe(true);
    expect(await runTool(tool('search'), { query: '' }, services.context())).toMatchObject({ ok: false, code: 'INVALID_SEARCH' });
    expect(await runTool(tool('search'), { query: 'x', types: ['people'] }, services.context())).toMatchObject({ ok: false, code: 'INVALID_SEARCH_TYPES' });
    expect(await runTool(tool('search'), { query: 'x', limit: 51 }, services.context())).toMatchObject({ ok: false, code: 'INVALID_LIMIT' });
  });
});

describe('toCallToolResult', () => {
  it('renders an answer as MCP text plus structuredContent, and a failure as isError with CODE: message', () => {
    expect(toCallToolResult(toolAnswer({ a: 1 }, 'one'))).toEqual({ content: [{ type: 'text', text: 'one' }], structuredContent: { a: 1 } });
    expect(toCallToolResult({ ok: false, code: 'X_Y', message: 'why' })).toEqual({ content: [{ type: 'text', text: 'X_Y: why' }], isError: true });
  });
});

describe('toolsFor', () => {
  it('offers the assistant every tool but the ones that need a bearer token', () => {
    const names = toolsFor('assistant', AGENT_TOOLS).map((t) => t.name);
    expect(names).toContain('quote_cart');
    expect(names).toContain('find_talent');
    expect(names).not.toContain('create_booking');
    expect(toolsFor('mcp', AGENT_TOOLS)).toHaveLength(AGENT_TOOLS.length);
  });
});
