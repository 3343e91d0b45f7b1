import { afterAll, describe, expect, it } from 'bun:test';
import { type FakeProvider, startFakeProvider } from '../testing/fake-provider.ts';
import { createChatProvider } from './client.ts';
import { ProviderError, type ProviderEvent } from './model.ts';

const fake: FakeProvider = startFakeProvider();
afterAll(() => fake.stop());

const provider = (timeoutMs = 2000) => createChatProvider({ baseUrl: fake.url, apiKey: 'sk-test', model: 'fake-1', timeoutMs });
const messages = [{ role: 'user' as const, content: 'hi' }];

async function collect(timeoutMs?: number): Promise<ProviderEvent[]> {
  const events: ProviderEvent[] = [];
  for await (const event of provider(timeoutMs).complete({ messages })) events.push(event);
  return events;
}

async function failureOf(timeoutMs?: number): Promise<ProviderError> {
  try {
    await collect(timeoutMs);
  } catch (err) {
    if (err instanceof ProviderError) return err;
    throw err;
  }
  throw new Error('the completion did not fail');
}

describe('the provider client', () => {
  it('posts model, messages, tools and stream: true with the bearer key, and yields the text as it streams', async () => {
    fake.queue({ kind: 'stream', text: 'A React developer is a good fit.', chunkChars: 5 });
    const events: ProviderEvent[] = [];
    const tools = [{ type: 'function' as const, function: { name: 'quote_cart', description: 'd', parameters: { type: 'object' } } }];
    for await (const e of provider().complete({ messages, tools })) events.push(e);
    const sent = fake.requests.at(-1);
    expect(sent?.authorization).toBe('Bearer sk-test');
    expect(sent?.body).toMatchObject({ model: 'fake-1', stream: true, messages });
    expect(sent?.body.tools?.map((t) => t.function.name)).toEqual(['quote_cart']);
    const texts = events.filter((e) => e.type === 'text').map((e) => (e as { text: string }).text);
    expect(texts.length).toBeGreaterThan(3);
    expect(texts.join('')).toBe('A React developer is a good fit.');
    expect(events.at(-1)).toEqual({ type: 'end', toolCalls: [], finishReason: 'stop', usage: { promptTokens: 42, completionTokens: 7 } });
  });

  it('assembles tool calls streamed in pieces by index', async () => {
    fake.queue({
      kind: 'stream',
      toolCalls: [
        { name: 'quote_service', args: { service: 'react-developer', hours: 480, qty: 2, market: 'DE' } },
        { name: 'search_services', args: { query: 'react' } },
      ],
    });
    const end = (await collect()).at(-1);
    expect(end).toMatchObject({ type: 'end', finishReason: 'tool_calls' });
    if (end?.type !== 'end') throw new Error('no end');
    expect(end.toolCalls.map((c) => [c.id, c.function.name, JSON.parse(c.function.arguments)])).toEqual([
      ['call_fake_0', 'quote_service', { service: 'react-developer', hours: 480, qty: 2, market: 'DE' }],
      ['call_fake_1', 'search_services', { query: 'react' }],
    ]);
  });

  it('assembles tool calls by id when the provider omits index, and tolerates a stream without usage', async () => {
    fake.queue({
      kind: 'stream',
      omitIndex: true,
      omitUsage: true,
      toolCalls: [
        { id: 'a1', name: 'get_service', args: { service: 'react-developer' } },
        { id: 'b2', name: 'find_talent', args: { skills: ['React'] } },
      ],
    });
    const end = (await collect()).at(-1);
    if (end?.type !== 'end') throw new Error('no end');
    expect(end.usage).toBeUndefined();
    expect(end.toolCalls.map((c) => [c.id, c.function.name, JSON.parse(c.function.arguments)])).toEqual([
      ['a1', 'get_service', { service: 'react-developer' }],
      ['b2', 'find_talent', { skills: ['React'] }],
    ]);
  });

  it('fails with the status on a 5xx', async () => {
    fake.queue({ kind: 'status', status: 502 });
    const err = await failureOf();
    expect([err.failure, err.status]).toEqual(['status', 502]);
  });

  it('fails with a timeout when the provider never answers', async () => {
    fake.queue({ kind: 'hang' });
    expect((await failureOf(150)).failure).toBe('timeout');
  });

  it('fails with a timeout when the stream stalls after its first chunk', async () => {
    fake.queue({ kind: 'stall', text: 'Let me' });
    const events: ProviderEvent[] = [];
    let failure: unknown;
    try {
      for await (const e of provider(150).complete({ messages })) events.push(e);
    } catch (err) {
      failure = err;
    }
    expect(events).toEqual([{ type: 'text', text: 'Let me' }]);
    expect((failure as ProviderError).failure).toBe('timeout');
  });

  it('fails as unreachable when nothing listens', async () => {
    const closed = createChatProvider({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k', model: 'm', timeoutMs: 1000 });
    let failure: unknown;
    try {
      for await (const _ of closed.complete({ messages })) {
      }
    } catch (err) {
      failure = err;
    }
    expect((failure as ProviderError).failure).toBe('unreachable');
  });

  it('stops reading and closes the connection when the caller goes away', async () => {
    fake.queue({ kind: 'stream', text: 'x'.repeat(200), chunkChars: 10, chunkDelayMs: 20 });
    const abort = new AbortController();
    const events: ProviderEvent[] = [];
    let failure: unknown;
    try {
      for await (const e of provider().complete({ messages, signal: abort.signal })) {
        events.push(e);
        if (events.length === 2) abort.abort();
      }
    } catch (err) {
      failure = err;
    }
    expect(events.length).toBeLessThan(5);
    expect(failure).toBeInstanceOf(ProviderError);
  });
});
