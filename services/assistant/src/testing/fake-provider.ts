/**
 * A local OpenAI-compatible provider for tests and the bench: `POST /chat/completions` answers
 * what the script says for each request (streamed text, streamed tool calls with or without
 * `index` and `usage`, an error status, or a hang), and every request body is kept.
 */

/** One tool call the fake streams: its name and its arguments (an object, sent as JSON text in pieces). */
export interface FakeToolCall {
  id?: string;
  name: string;
  args: Record<string, unknown>;
}

export type FakeReply =
  | {
      kind: 'stream';
      text?: string;
      toolCalls?: FakeToolCall[];
      /** Leave `index` out of the tool-call deltas (providers that key calls by id only). */
      omitIndex?: boolean;
      /** Send no usage chunk. */
      omitUsage?: boolean;
      /** Characters per text chunk (default 12). */
      chunkChars?: number;
      /** Wait before each chunk (the bench's 50 ms). */
      chunkDelayMs?: number;
    }
  | { kind: 'status'; status: number }
  /** Headers, one chunk, then silence (a provider that stalls mid-answer). */
  | { kind: 'stall'; text: string }
  /** Never answers at all. */
  | { kind: 'hang' };

/** The chat request the fake received. */
export interface FakeRequest {
  body: {
    model: string;
    messages: { role: string; content: string | null; tool_call_id?: string; tool_calls?: unknown[] }[];
    tools?: { function: { name: string } }[];
    stream: boolean;
  };
  authorization: string | null;
  /** performance.now() when the request arrived. */
  receivedAt: number;
  /** performance.now() when the fake sent its first byte of the answer, and its last. */
  firstByteAt?: number;
  lastByteAt?: number;
  /** performance.now() when the first chunk carrying text went out (after the role-only first chunk). */
  firstTextAt?: number;
}

export interface FakeProvider {
  url: string;
  requests: FakeRequest[];
  /** Replies for the next requests, in order; when none is queued the default answers. */
  queue(...replies: FakeReply[]): void;
  setDefault(reply: (request: FakeRequest) => FakeReply): void;
  stop(): Promise<void>;
}

const encoder = new TextEncoder();
const sseBytes = (data: unknown) => encoder.encode(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);

/** The SSE chunks of one streamed reply, in order; `text` marks those carrying content. */
function chunksOf(reply: Extract<FakeReply, { kind: 'stream' }>): { bytes: Uint8Array; text: boolean }[] {
  const out: { bytes: Uint8Array; text: boolean }[] = [];
  const sse = (data: unknown, text = false) => out.push({ bytes: sseBytes(data), text });
  const base = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', model: 'fake' };
  sse({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' } }] });
  const size = reply.chunkChars ?? 12;
  const text = reply.text ?? '';
  for (let i = 0; i < text.length; i += size) sse({ ...base, choices: [{ index: 0, delta: { content: text.slice(i, i + size) } }] }, true);
  (reply.toolCalls ?? []).forEach((call, n) => {
    const id = call.id ?? `call_fake_${n}`;
    const at = reply.omitIndex ? {} : { index: n };
    const args = JSON.stringify(call.args);
    const half = Math.ceil(args.length / 2);
    sse({ ...base, choices: [{ index: 0, delta: { tool_calls: [{ ...at, id, type: 'function', function: { name: call.name, arguments: '' } }] } }] });
    for (const piece of [args.slice(0, half), args.slice(half)]) {
      // Without index, a continuation carries neither index nor id: it continues the call before it.
      sse({ ...base, choices: [{ index: 0, delta: { tool_calls: [{ ...at, function: { arguments: piece } }] } }] });
    }
  });
  const finish = reply.toolCalls?.length ? 'tool_calls' : 'stop';
  sse({ ...base, choices: [{ index: 0, delta: {}, finish_reason: finish }] });
  if (!reply.omitUsage) sse({ ...base, choices: [], usage: { prompt_tokens: 42, completion_tokens: 7, total_tokens: 49 } });
  sse('[DONE]');
  return out;
}

/** Starts the fake on 127.0.0.1 (a free port); by default it answers "Hello from the fake model." */
export function startFakeProvider(): FakeProvider {
  const requests: FakeRequest[] = [];
  const queued: FakeReply[] = [];
  let fallback: (request: FakeRequest) => FakeReply = () => ({ kind: 'stream', text: 'Hello from the fake model.' });
  const hanging = new Set<() => void>();
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    idleTimeout: 0,
    async fetch(req) {
      if (new URL(req.url).pathname !== '/v1/chat/completions' || req.method !== 'POST') return new Response('not found', { status: 404 });
      const receivedAt = performance.now();
      const seen: FakeRequest = { body: (await req.json()) as FakeRequest['body'], authorization: req.headers.get('authorization'), receivedAt };
      requests.push(seen);
      const reply = queued.shift() ?? fallback(seen);
      if (reply.kind === 'status') return Response.json({ error: { message: 'fake failure' } }, { status: reply.status });
      if (reply.kind === 'hang') return new Promise<Response>((resolve) => hanging.add(() => resolve(new Response('', { status: 503 }))));
      const headers = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' };
      if (reply.kind === 'stall') {
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            seen.firstByteAt = performance.now();
            controller.enqueue(sseBytes({ choices: [{ index: 0, delta: { content: reply.text } }] }));
            hanging.add(() => {
              try {
                controller.close();
              } catch {
                // The client already went away and closed it.
              }
            });
          },
        });
        return new Response(stream, { headers });
      }
      const chunks = chunksOf(reply);
      const stream = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const next = chunks.shift();
          if (next === undefined) return controller.close();
          if (reply.chunkDelayMs) await Bun.sleep(reply.chunkDelayMs);
          seen.firstByteAt ??= performance.now();
          seen.lastByteAt = performance.now();
          if (next.text) seen.firstTextAt ??= performance.now();
          controller.enqueue(next.bytes);
        },
      });
      return new Response(stream, { headers });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}/v1`,
    requests,
    queue: (...replies) => queued.push(...replies),
    setDefault: (reply) => {
      fallback = reply;
    },
    async stop() {
      for (const release of hanging) release();
      await server.stop(true);
    },
  };
}
