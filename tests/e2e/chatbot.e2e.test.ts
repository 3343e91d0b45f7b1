/**
 * The chatbot through the gateway on real processes (`bun scripts/start.ts`), with a local fake
 * OpenAI-compatible provider as its model: sessions, answers as one envelope and as an event
 * stream that outlives the gateway's upstream timeout and arrives unbuffered, and the fallback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { type FakeProvider, startFakeProvider } from '@tm/assistant/testing';
import { createParser } from 'eventsource-parser';
import { type RunningSystem, startSystem } from './support/system.ts';

let sys: RunningSystem;
let fake: FakeProvider;
beforeAll(async () => {
  fake = startFakeProvider();
  // A short upstream timeout, so a stream that lasts longer shows the gateway does not cut it.
  sys = await startSystem({ LLM_BASE_URL: fake.url, LLM_API_KEY: 'sk-e2e', LLM_MODEL: 'fake', UPSTREAM_TIMEOUT_MS: '1500', CHATBOT_HEARTBEAT_MS: '200' });
}, 60_000);
afterAll(async () => {
  await sys?.stop();
  await fake?.stop();
});

const api = (path: string, init: RequestInit = {}) => fetch(`${sys.gateway}/api${path}`, init);

async function newSession(headers: Record<string, string> = {}) {
  const res = await api('/chatbot/sessions', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
  expect(res.status).toBe(201);
  const { id, secret } = (await res.json()).data;
  return { id, headers: { 'x-chatbot-secret': secret, 'content-type': 'application/json', ...headers } };
}

describe('the chatbot through the gateway', () => {
  it('streams an answer event by event, past the upstream timeout, with heartbeats and the quote the tool priced', async () => {
    const s = await newSession({ 'x-country': 'DE' });
    const quote = (await (await api('/services/react-developer/quote?hours=480&qty=2', { headers: { 'x-country': 'DE' } })).json()).data;
    const total = `${(quote.total / 100).toFixed(2)} EUR`;
    fake.queue(
      { kind: 'stream', toolCalls: [{ name: 'quote_service', args: { service: 'react-developer', hours: 480, qty: 2, market: 'DE' } }] },
      {
        kind: 'stream',
        text: `Two React developers for three months come to ${total} in total, VAT included. ${'More detail. '.repeat(4)}`,
        chunkChars: 3,
        chunkDelayMs: 50,
      },
    );
    const res = await api(`/chatbot/sessions/${s.id}/messages`, {
      method: 'POST',
      headers: { ...s.headers, accept: 'text/event-stream' },
      body: JSON.stringify({ text: 'Two React developers for three months in Germany?', clientMessageId: 'e2e-stream-1' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toStartWith('text/event-stream');
    expect(res.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
    const events: { event: string; data: any; at: number }[] = [];
    let pings = 0;
    const parser = createParser({
      onEvent: (e) => events.push({ event: e.event ?? '', data: JSON.parse(e.data), at: performance.now() }),
      onComment: () => pings++,
    });
    const started = performance.now();
    const decoder = new TextDecoder();
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) parser.feed(decoder.decode(r.value, { stream: true }));
    const names = events.map((e) => e.event);
    expect(names[0]).toBe('meta');
    expect(names).toContain('tool');
    expect(names.filter((n) => n === 'delta').length).toBeGreaterThan(10);
    expect(names.at(-1)).toBe('done');
    expect(events.find((e) => e.event === 'quote')?.data.total).toBe(quote.total);
    const text = events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');
    expect(text).toContain(total);
    // Unbuffered: the first delta reached us long before the provider sent its last chunk.
    const lastByte = fake.requests.at(-1)?.lastByteAt ?? 0;
    expect(events.find((e) => e.event === 'delta')?.at ?? Number.POSITIVE_INFINITY).toBeLessThan(lastByte);
    expect(performance.now() - started).toBeGreaterThan(1500);
    expect(pings).toBeGreaterThan(0);
  });

  it('answers as one envelope, falls back when the provider fails, and keeps both in the transcript', async () => {
    const s = await newSession();
    fake.queue({ kind: 'stream', text: 'Hello! How can I help?' }, { kind: 'status', status: 503 });
    const send = (text: string, clientMessageId: string) =>
      api(`/chatbot/sessions/${s.id}/messages`, { method: 'POST', headers: s.headers, body: JSON.stringify({ text, clientMessageId }) });
    const first = (await (await send('hi', 'e2e-1')).json()).data;
    expect(first).toMatchObject({ answer: 'Hello! How can I help?', fallback: false });
    const second = (await (await send('A React developer for 120 hours in India', 'e2e-2')).json()).data;
    expect(second.fallback).toBe(true);
    expect(second.quote).toMatchObject({ market: 'IN', currency: 'INR', lines: [{ slug: 'react-developer', billedHours: 120 }] });
    const transcript = (await (await api(`/chatbot/sessions/${s.id}`, { headers: s.headers })).json()).data;
    expect(transcript.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect((await api(`/chatbot/sessions/${s.id}`)).status).toBe(404);
  });

  it('answers bad input with 400 and a stable code through the gateway', async () => {
    const s = await newSession();
    const res = await api(`/chatbot/sessions/${s.id}/messages`, {
      method: 'POST',
      headers: s.headers,
      body: JSON.stringify({ text: '', clientMessageId: 'x' }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('INVALID_CHATBOT_MESSAGE');
  });
});
