import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { startToolServices, type ToolServices } from '@tm/agent-tools/testing';
import type { Quote } from '@tm/contracts';
import type { DocumentStore } from '@tm/shared/store';
import { StoreUnavailableError } from '@tm/shared/store';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { createChatProvider } from '../provider/client.ts';
import { type FakeProvider, startFakeProvider } from '../testing/fake-provider.ts';
import { readEvents } from '../testing/sse.ts';
import { type AssistantUnderTest, type AssistantUnderTestOptions, createAssistantUnderTest } from '../testing.ts';

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

const EXAMPLE = 'I need two React developers for three months in Germany, what would it cost?';

async function assistant(options: AssistantUnderTestOptions & { model?: boolean } = {}) {
  const provider = options.model ? createChatProvider({ baseUrl: fake.url, apiKey: 'sk-test', model: 'fake', timeoutMs: 1000 }) : undefined;
  return createAssistantUnderTest({ upstreams: { catalog: services.catalogUrl, talent: services.talentUrl }, ...(provider ? { provider } : {}), ...options });
}

async function session(t: AssistantUnderTest, headers: Record<string, string> = {}) {
  const { id, secret } = (await t.call('POST', '/chatbot/sessions', { body: {}, headers })).body.data;
  return { id, headers: { 'x-chatbot-secret': secret, ...headers } as Record<string, string> };
}

function post(t: AssistantUnderTest, s: { id: string; headers: Record<string, string> }, body: unknown, headers: Record<string, string> = {}) {
  return t.call('POST', `/chatbot/sessions/${s.id}/messages`, { body, headers: { ...s.headers, ...headers } });
}

describe('a message answered as one JSON envelope', () => {
  it('answers the example in fallback mode with the catalog quote, and keeps it in the transcript', async () => {
    const t = await assistant();
    const s = await session(t, { 'x-country': 'IN' });
    const res = await post(t, s, { text: EXAMPLE, clientMessageId: 'm-1' });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.fallback).toBe(true);
    expect(data.quote).toMatchObject({ market: 'DE', currency: 'EUR', lines: [{ slug: 'react-developer', qty: 2, billedHours: 480 }] });
    const direct = (await (
      await fetch(`${services.catalogUrl}/services/react-developer/quote?hours=480&qty=2`, { headers: { 'x-country': 'DE' } })
    ).json()) as { data: Quote };
    expect(data.quote.total).toBe(direct.data.total);
    expect(data.sources[0]).toEqual({ type: 'service', id: expect.any(String), title: 'React Developer', url: 'https://tm.example/services/react-developer' });
    const transcript = (await t.call('GET', `/chatbot/sessions/${s.id}`, { headers: s.headers })).body.data.messages;
    expect(transcript.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(transcript[0].text).toBe(EXAMPLE);
    expect(transcript[1]).toMatchObject({ text: data.answer, quote: { total: direct.data.total } });
  });

  it('replays the stored answer for the same clientMessageId, and refuses it with another text', async () => {
    const t = await assistant({ model: true });
    const s = await session(t);
    const before = fake.requests.length;
    fake.queue({ kind: 'stream', text: 'Hello, how can I help?' });
    const first = await post(t, s, { text: 'hi', clientMessageId: 'same' });
    const again = await post(t, s, { text: 'hi', clientMessageId: 'same' });
    expect(again.body).toEqual(first.body);
    expect(fake.requests.length - before).toBe(1);
    const reused = await post(t, s, { text: 'something else', clientMessageId: 'same' });
    expect([reused.status, reused.body.error.code]).toEqual([409, 'CHATBOT_MESSAGE_ID_REUSED']);
  });

  it('answers exactly once when the same message arrives ten times at once', async () => {
    const t = await assistant({ model: true });
    const s = await session(t);
    const before = fake.requests.length;
    fake.setDefault(() => ({ kind: 'stream', text: 'One answer.', chunkDelayMs: 5 }));
    const all = await Promise.all(Array.from({ length: 10 }, () => post(t, s, { text: 'hello', clientMessageId: 'race' })));
    fake.setDefault(() => ({ kind: 'stream', text: 'Hello from the fake model.' }));
    expect(fake.requests.length - before).toBe(1);
    expect(all.every((r) => r.status === 200 || (r.status === 409 && r.body.error.code === 'CHATBOT_MESSAGE_IN_PROGRESS'))).toBe(true);
    expect(all.filter((r) => r.status === 200).every((r) => r.body.data.answer === 'One answer.')).toBe(true);
    expect(await t.documents.collection('chatbot_turns').countDocuments({ sessionId: s.id })).toBe(1);
  });

  it('gives the model the earlier turns as history, masked', async () => {
    const t = await assistant({ model: true });
    const s = await session(t);
    fake.queue({ kind: 'stream', text: 'Noted.' }, { kind: 'stream', text: 'Again.' });
    await post(t, s, { text: 'I am at eva@corp.com', clientMessageId: 'h1' });
    await post(t, s, { text: 'and now?', clientMessageId: 'h2' });
    const messages = fake.requests.at(-1)?.body.messages ?? [];
    expect(messages.slice(1).map((m) => [m.role, m.content])).toEqual([
      ['user', 'I am at [email 1]'],
      ['assistant', 'Noted.'],
      ['user', 'and now?'],
    ]);
  });
});

describe('a message answered as a stream', () => {
  it('streams meta, deltas, the quote and done, and replays them', async () => {
    const t = await assistant();
    const s = await session(t);
    const res = await post(t, s, { text: EXAMPLE, clientMessageId: 'sse-1' }, { accept: 'text/event-stream' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toStartWith('text/event-stream');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const { events } = readEvents(res.text);
    expect(events.map((e) => e.event)).toEqual(['meta', 'delta', 'quote', 'done']);
    expect(events.at(-1)?.data).toEqual({ fallback: true });
    const replay = await post(t, s, { text: EXAMPLE, clientMessageId: 'sse-1' }, { accept: 'text/event-stream' });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const replayed = readEvents(replay.text).events;
    expect(replayed.map((e) => e.event)).toEqual(['meta', 'delta', 'quote', 'done']);
    expect(replayed[1]?.data.text).toBe(events[1]?.data.text);
  });

  it('sends tool events and heartbeats while a slow model answers', async () => {
    const t = await assistant({ model: true, heartbeatMs: 60 });
    const s = await session(t);
    fake.queue(
      { kind: 'stream', toolCalls: [{ name: 'search_services', args: { query: 'react' } }] },
      { kind: 'stream', text: 'We have React developers.', chunkChars: 4, chunkDelayMs: 40 },
    );
    const res = await post(t, s, { text: 'react?', clientMessageId: 'slow' }, { accept: 'text/event-stream' });
    const { events, pings } = readEvents(res.text);
    expect(pings).toBeGreaterThan(0);
    expect(events.map((e) => e.event)).toContain('tool');
    expect(events.find((e) => e.event === 'tool')?.data).toEqual({ name: 'search_services' });
    expect(events.at(-1)).toEqual({ event: 'done', data: { fallback: false, usage: { promptTokens: 84, completionTokens: 14 } } });
  });
});

describe('a store that fails', () => {
  /** The embedded store, but writes to chatbot_sessions fail as MongoDB being away does. */
  function failingSessionWrites(): DocumentStore {
    const documents = createEmbeddedDocumentStore();
    const fail = async () => {
      throw new StoreUnavailableError('mongodb', new Error('down'));
    };
    const wrap = <T extends object>(target: T, override: Record<string, unknown>): T =>
      new Proxy(target, {
        get(t, p) {
          if (typeof p === 'string' && p in override) return override[p];
          const v = Reflect.get(t, p);
          return typeof v === 'function' ? v.bind(t) : v;
        },
      });
    return wrap(documents, {
      collection: (name: string) => (name === 'chatbot_sessions' ? wrap(documents.collection(name), { updateOne: fail }) : documents.collection(name)),
    });
  }

  it('ends the stream with an error event, stores no half answer, and answers 503 as JSON', async () => {
    const t = await assistant({ documents: failingSessionWrites() });
    const s = await session(t);
    const stream = await post(t, s, { text: 'hello', clientMessageId: 'f1' }, { accept: 'text/event-stream' });
    const { events } = readEvents(stream.text);
    expect(events.at(-1)).toEqual({ event: 'error', data: { code: 'SERVICE_UNAVAILABLE' } });
    expect(events.map((e) => e.event)).not.toContain('done');
    expect(await t.documents.collection('chatbot_turns').countDocuments({})).toBe(0);
    const json = await post(t, s, { text: 'hello', clientMessageId: 'f2' });
    expect([json.status, json.body.error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
  });
});

describe('quotas', () => {
  it('answers 429 with Retry-After past 20 messages a minute in a session, and does not count replays', async () => {
    const t = await assistant({ limits: { perSessionPerMinute: 3 } });
    const s = await session(t);
    for (const n of [1, 2, 3]) expect((await post(t, s, { text: 'faq', clientMessageId: `q${n}` })).status).toBe(200);
    expect((await post(t, s, { text: 'faq', clientMessageId: 'q1' })).status).toBe(200);
    const over = await post(t, s, { text: 'faq', clientMessageId: 'q4' });
    expect([over.status, over.body.error.code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // The refused message was not stored: it can be sent again once the window has passed.
    expect(await t.documents.collection('chatbot_turns').countDocuments({ _id: `${s.id}:q4` })).toBe(0);
  });

  it('answers 429 past the daily quota of one client IP, across sessions', async () => {
    const t = await assistant({ limits: { perIpPerDay: 2 } });
    const ip = { 'x-forwarded-for': '203.0.113.7' };
    const [a, b] = [await session(t), await session(t)];
    expect((await post(t, a, { text: 'x', clientMessageId: '1' }, ip)).status).toBe(200);
    expect((await post(t, b, { text: 'x', clientMessageId: '1' }, ip)).status).toBe(200);
    const over = await post(t, b, { text: 'x', clientMessageId: '2' }, ip);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(3600);
    expect((await post(t, b, { text: 'x', clientMessageId: '2' }, { 'x-forwarded-for': '198.51.100.1' })).status).toBe(200);
  });
});
