import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { AGENT_TOOLS, defineTool, toolAnswer, toolsFor } from '@tm/agent-tools';
import { startToolServices, type ToolServices } from '@tm/agent-tools/testing';
import type { ChatbotEvent, Quote } from '@tm/contracts';
import { systemClock } from '@tm/shared';
import { z } from 'zod';
import { createChatProvider } from '../provider/client.ts';
import { createContentReader } from '../retrieval/content.ts';
import { type FakeProvider, startFakeProvider } from '../testing/fake-provider.ts';
import { type AnswerDeps, type AnswerInput, answerMessage } from './answer.ts';
import type { PendingAction } from './confirm.ts';

let services: ToolServices;
let fake: FakeProvider;
beforeAll(async () => {
  services = await startToolServices('https://tm.example');
  fake = startFakeProvider();
});
afterAll(async () => {
  await fake.stop();
  await services.stop();
});

const TOOLS = toolsFor('assistant', AGENT_TOOLS);

function deps(overrides: Partial<AnswerDeps> = {}): AnswerDeps {
  return {
    provider: createChatProvider({ baseUrl: fake.url, apiKey: 'sk-test', model: 'fake', timeoutMs: 300 }),
    tools: TOOLS,
    content: createContentReader(services.upstream, systemClock),
    maxToolRounds: 4,
    ...overrides,
  };
}

async function ask(text: string, options: { deps?: AnswerDeps; pending?: PendingAction; vault?: Record<string, string>; ctx?: AnswerInput['ctx'] } = {}) {
  const events: ChatbotEvent[] = [];
  const input: AnswerInput = {
    text,
    history: [],
    vault: options.vault ?? {},
    market: 'DE',
    lang: 'en',
    pending: options.pending,
    ctx: options.ctx ?? services.context(),
    signal: new AbortController().signal,
  };
  const result = await answerMessage(input, options.deps ?? deps(), (e) => events.push(e));
  const text_ = events.flatMap((e) => (e.event === 'delta' ? [e.data.text] : [])).join('');
  return { result, events, streamed: text_ };
}

async function catalogQuote(path: string): Promise<Quote> {
  return ((await (await fetch(`${services.catalogUrl}${path}`, { headers: { 'x-country': 'DE' } })).json()) as { data: Quote }).data;
}

describe('answering with a model', () => {
  it('sends meta first, streams the text, and reports usage', async () => {
    fake.queue({ kind: 'stream', text: 'We have vetted React developers ready to start.', chunkChars: 6 });
    const { result, events, streamed } = await ask('Do you have React developers?');
    expect(events[0]?.event).toBe('meta');
    expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(3);
    expect(streamed).toBe('We have vetted React developers ready to start.');
    expect(result).toMatchObject({ text: streamed, fallback: false, usage: { promptTokens: 42, completionTokens: 7 } });
    expect(result.sources.some((s) => s.url === 'https://tm.example/services/react-developer')).toBe(true);
  });

  it('runs the tool the model calls, shows its quote, and keeps the total the model repeats', async () => {
    const direct = await catalogQuote('/services/react-developer/quote?hours=480&qty=2');
    const total = `${(direct.total / 100).toFixed(2)} EUR`;
    fake.queue(
      { kind: 'stream', toolCalls: [{ name: 'quote_service', args: { service: 'react-developer', hours: 480, qty: 2, market: 'DE' } }] },
      { kind: 'stream', text: `Two React developers for three months come to ${total} including VAT.` },
    );
    const { result, events } = await ask('Two React developers for three months in Germany, what would it cost?');
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(['meta', 'tool', 'quote', 'delta']));
    expect(events.findIndex((e) => e.event === 'quote')).toBeLessThan(events.findIndex((e) => e.event === 'delta'));
    expect(result.text).toBe(`Two React developers for three months come to ${total} including VAT.`);
    expect(result.quote?.total).toBe(direct.total);
    const toolMessage = fake.requests.at(-1)?.body.messages.find((m) => m.role === 'tool');
    expect(toolMessage?.content).toContain(`Total: ${total}`);
  });

  it('removes an amount the model invents and points at the quote it priced', async () => {
    fake.queue(
      { kind: 'stream', toolCalls: [{ name: 'quote_service', args: { service: 'react-developer', hours: 120 } }] },
      { kind: 'stream', text: 'That will be about €5,000 in total.', chunkChars: 3 },
    );
    const { result } = await ask('Price a React developer for 120 hours');
    expect(result.text).toBe('That will be about (see the quote for the exact price) in total.');
    expect(result.quote?.lines[0]?.slug).toBe('react-developer');
  });

  it('removes an amount invented without any tool and offers a quote', async () => {
    fake.queue({ kind: 'stream', text: 'Usually €5,000 a month.' });
    const { result } = await ask('How much is a developer?');
    expect(result.text).toBe('Usually (ask me for a quote for the exact price) a month.');
    expect(result.quote).toBeUndefined();
  });

  it('masks emails and phone numbers before the provider sees the text', async () => {
    fake.queue({ kind: 'stream', text: 'Thanks, noted.' });
    const vault = {};
    const { result } = await ask('Write to anna@firma.de or call +49 151 12345678', { vault });
    const sent = JSON.stringify(fake.requests.at(-1)?.body.messages);
    expect(sent).not.toContain('anna@firma.de');
    expect(sent).not.toContain('12345678');
    expect(result.providerText).toBe('Write to [email 1] or call [phone 1]');
    expect(vault).toEqual({ '[email 1]': 'anna@firma.de', '[phone 1]': '+49 151 12345678' });
  });

  it("offers the model the one search and create_lead, and feeds search's ranked hits back to it", async () => {
    const before = fake.requests.length;
    fake.queue(
      { kind: 'stream', toolCalls: [{ name: 'search', args: { query: 'PM for fintech', types: ['talent'] } }] },
      { kind: 'stream', text: 'Here they are.' },
    );
    const { result, events } = await ask('I need a PM for fintech');
    const rounds = fake.requests.slice(before);
    const offered = (rounds[0]?.body.tools ?? []).map((t: { function: { name: string } }) => t.function.name);
    expect(offered).toEqual(expect.arrayContaining(['search', 'create_lead']));
    expect(offered).not.toContain('create_booking');
    expect(events).toContainEqual({ event: 'tool', data: { name: 'search' } });
    const toolReply = rounds[1]?.body.messages.at(-1)?.content as string;
    // The fintech PMs, as GET /api/search ranks them (their industries are indexed, not shown).
    expect(toolReply).toMatch(/^\d+ result\(s\) \(services 0, people [1-9]/);
    expect(toolReply).toContain('https://tm.example/pm/');
    expect(result.text).toBe('Here they are.');
  });

  it('stops offering tools after 4 rounds, so the model has to answer in words', async () => {
    const before = fake.requests.length;
    const call = { kind: 'stream' as const, toolCalls: [{ name: 'list_markets', args: {} }] };
    // A fifth round of calls, sent although no tools were offered, is ignored: the answer ends there.
    fake.queue(call, call, call, call, { ...call, text: 'These are our markets.' });
    const { result } = await ask('Which markets?');
    const rounds = fake.requests.slice(before);
    expect(rounds.length).toBe(5);
    expect(rounds.slice(0, 4).every((r) => (r.body.tools?.length ?? 0) > 0)).toBe(true);
    expect(rounds[4]?.body.tools).toBeUndefined();
    expect(result).toMatchObject({ fallback: false, text: 'These are our markets.' });
  });

  it("tells the person a tool's part is unavailable and still completes", async () => {
    const own = await startToolServices();
    await own.stopCatalog();
    fake.queue({ kind: 'stream', toolCalls: [{ name: 'quote_service', args: { service: 'react-developer', hours: 40 } }] }, { kind: 'stream', text: 'Sorry.' });
    const { result } = await ask('price it', { ctx: own.context() });
    await own.stop();
    expect(result.text).toBe('Sorry.\n\n(Quote one service: that part is unavailable right now.)');
    expect(fake.requests.at(-1)?.body.messages.at(-1)?.content).toStartWith('UPSTREAM_UNAVAILABLE: that part is unavailable right now');
  });
});

describe('falling back', () => {
  it('answers from retrieval and the catalog quote, fallback: true, with no model configured', async () => {
    const { result, events } = await ask('I need two React developers for three months in Germany, what would it cost?', {
      deps: deps({ provider: undefined }),
    });
    expect(result.fallback).toBe(true);
    expect(result.quote?.lines[0]).toMatchObject({ slug: 'react-developer', qty: 2, billedHours: 480 });
    expect(events.map((e) => e.event)).toEqual(['meta', 'delta', 'quote']);
  });

  it('falls back on a provider error and on a provider that hangs', async () => {
    for (const reply of [{ kind: 'status' as const, status: 500 }, { kind: 'hang' as const }]) {
      fake.queue(reply);
      const { result } = await ask('React developer for 120 hours');
      expect(result.fallback).toBe(true);
      expect(result.quote?.lines[0]?.billedHours).toBe(120);
    }
  });
});

describe('tools that act for the person', () => {
  const made: unknown[] = [];
  const noteLead = defineTool({
    name: 'note_lead',
    title: 'Note a lead',
    description: 'Test tool that records a lead in the name of the person, only after they confirm.',
    input: { email: z.string() },
    output: {},
    annotations: { readOnlyHint: false },
    hosts: ['assistant'],
    confirmFirst: true,
    async handle(args) {
      made.push(args);
      return toolAnswer({}, 'Lead noted.');
    },
  });
  const withLead = () => deps({ tools: [...TOOLS, noteLead] });

  it('asks first, and runs the same call once the person says yes, with their real email', async () => {
    const vault = {};
    fake.queue(
      { kind: 'stream', toolCalls: [{ name: 'note_lead', args: { email: '[email 1]' } }] },
      { kind: 'stream', text: 'Shall I pass [email 1] to our sales team?' },
    );
    const first = await ask('Please have sales contact me at ben@example.org', { deps: withLead(), vault });
    expect(made).toEqual([]);
    expect(first.result.pending).toEqual({ tool: 'note_lead', args: '{"email":"[email 1]"}' });

    fake.queue({ kind: 'stream', toolCalls: [{ name: 'note_lead', args: { email: '[email 1]' } }] }, { kind: 'stream', text: 'Done.' });
    const second = await ask('yes please', { deps: withLead(), vault, pending: first.result.pending });
    expect(made).toEqual([{ email: 'ben@example.org' }]);
    expect(second.result.pending).toBeUndefined();
  });

  it('does not run it when the person says something else', async () => {
    made.length = 0;
    fake.queue({ kind: 'stream', toolCalls: [{ name: 'note_lead', args: { email: 'x@y.z' } }] }, { kind: 'stream', text: 'Ok.' });
    await ask('what else do you offer?', { deps: withLead(), pending: { tool: 'note_lead', args: '{"email":"x@y.z"}' } });
    expect(made).toEqual([]);
  });
});
