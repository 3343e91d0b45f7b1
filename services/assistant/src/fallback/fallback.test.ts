import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { AGENT_TOOLS, type AgentTool } from '@tm/agent-tools';
import { startToolServices, type ToolServices } from '@tm/agent-tools/testing';
import type { Quote } from '@tm/contracts';
import { systemClock } from '@tm/shared';
import { createContentReader } from '../retrieval/content.ts';
import { retrieve } from '../retrieval/retrieve.ts';
import { fallbackAnswer } from './fallback.ts';
import { hoursNamed, marketNamed } from './intent.ts';

let services: ToolServices;
beforeAll(async () => {
  services = await startToolServices('https://tm.example');
});
afterAll(() => services.stop());

const quoteTool = AGENT_TOOLS.find((t) => t.name === 'quote_service') as AgentTool;

async function answer(text: string, call = {}) {
  const ctx = services.context(call);
  const retrieved = await retrieve(text, ctx, createContentReader(ctx.upstream, systemClock));
  return { retrieved, answer: await fallbackAnswer(text, retrieved, 'no-model', quoteTool, ctx) };
}

describe('reading what to price', () => {
  it('reads hours, weeks, months and days, saying how it worked them out', () => {
    expect(hoursNamed('for 120 hours')).toEqual({ hours: 120 });
    expect(hoursNamed('for three months')).toEqual({ hours: 480, note: '3 months at 160 hours a month = 480 hours' });
    expect(hoursNamed('2 weeks please')).toEqual({ hours: 80, note: '2 weeks at 40 hours a week = 80 hours' });
    expect(hoursNamed('a month')).toEqual({ hours: 160, note: '1 month at 160 hours a month = 160 hours' });
    expect(hoursNamed('no time named')).toBeUndefined();
  });

  it('reads the market a text names, and not "us" the pronoun', () => {
    expect(marketNamed('in Germany')).toBe('DE');
    expect(marketNamed('for our team in Dubai')).toBe('AE');
    expect(marketNamed('can you help us')).toBeUndefined();
    expect(marketNamed('in the USA')).toBe('US');
  });
});

describe('the fallback answer', () => {
  it('prices two React developers for three months in Germany with the catalog quote', async () => {
    const { answer: a, retrieved } = await answer('I need two React developers for three months in Germany, what would it cost?');
    const direct = (await (
      await fetch(`${services.catalogUrl}/services/react-developer/quote?hours=480&qty=2`, { headers: { 'x-country': 'DE' } })
    ).json()) as {
      data: Quote;
    };
    expect(a.quote?.total).toBe(direct.data.total);
    expect(a.quote?.lines[0]).toMatchObject({ slug: 'react-developer', qty: 2, billedHours: 480 });
    expect(a.text).toContain('3 months at 160 hours a month = 480 hours');
    expect(a.text).toContain(`total ${(direct.data.total / 100).toFixed(2)} EUR`);
    expect(retrieved.sources.some((s) => s.type === 'service' && s.url === 'https://tm.example/services/react-developer')).toBe(true);
  });

  it('shows service cards and asks for hours when the text names a service but no hours', async () => {
    const { answer: a } = await answer('Do you have Kubernetes people?', { country: 'US' });
    expect(a.quote).toBeUndefined();
    expect(a.text).toContain('Services that fit:');
    expect(a.text).toContain('USD an hour');
    expect(a.text).toContain('Tell me the hours');
  });

  it('asks for hours only when the text names a service', async () => {
    const { answer: a } = await answer('How do payments work?');
    expect(a.text).not.toContain('Tell me the hours');
  });

  it('is the same answer for the same text (deterministic)', async () => {
    const text = 'How long does a React developer take to start? 40 hours in India';
    const [one, two] = [await answer(text), await answer(text)];
    expect(one.answer.text.replace(/valid until \S+/, '')).toBe(two.answer.text.replace(/valid until \S+/, ''));
  });

  it('answers from the FAQ alone, saying prices are unavailable, when the catalog is away', async () => {
    const own = await startToolServices();
    await own.stopCatalog();
    const ctx = own.context();
    const text = 'React developer for 100 hours';
    const retrieved = await retrieve(text, ctx, createContentReader(ctx.upstream, systemClock));
    const a = await fallbackAnswer(text, retrieved, 'provider-error', quoteTool, ctx);
    await own.stop();
    expect(retrieved.catalogAvailable).toBe(false);
    expect(a.quote).toBeUndefined();
    expect(a.text).toContain('Services and prices are unavailable right now');
  });

  it('says it found nothing, and how to ask, for a text with nothing to go on', async () => {
    const { answer: a } = await answer('zzqx vvbn');
    expect(a.text).toContain('I found nothing on that yet');
  });
});
