import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { type ChatProvider, type CompletionRequest, ProviderError, type ProviderEvent, type Usage } from './model.ts';
import { ToolCallAssembler, type ToolCallDelta } from './tool-calls.ts';

/** Where the model is and how long it may stay silent. */
export interface ProviderOptions {
  /** e.g. https://api.example.com/v1; the client posts to `{baseUrl}/chat/completions`. */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** LLM_TIMEOUT_MS: the longest wait for the answer's headers, and for each next chunk of its stream. */
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** One streamed chunk, as far as the assistant reads it (providers add more; it is ignored). */
interface Chunk {
  choices?: { delta?: { content?: string | null; tool_calls?: ToolCallDelta[] }; finish_reason?: string | null }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
}

/** A whole (non-streamed) completion, which a provider may send although a stream was asked for. */
interface Whole {
  choices?: { message?: { content?: string | null; tool_calls?: ToolCallDelta[] }; finish_reason?: string | null }[];
  usage?: Chunk['usage'];
}

function usageOf(raw: Chunk['usage']): Usage | undefined {
  if (!raw || typeof raw.prompt_tokens !== 'number' || typeof raw.completion_tokens !== 'number') return undefined;
  return { promptTokens: raw.prompt_tokens, completionTokens: raw.completion_tokens };
}

/**
 * The provider client: `POST {baseUrl}/chat/completions` with `stream: true`, the SSE answer read
 * with eventsource-parser, text yielded as it comes and tool-call deltas assembled (by index, or by
 * id where a provider omits the index). The timeout is an idle timeout (a stream that keeps coming
 * is never cut; one that stops for `timeoutMs` is). Every failure is a ProviderError.
 */
export function createChatProvider(options: ProviderOptions): ChatProvider {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    async *complete(request: CompletionRequest): AsyncGenerator<ProviderEvent, void, undefined> {
      const abort = new AbortController();
      let timedOut = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          timedOut = true;
          abort.abort();
        }, options.timeoutMs);
      };
      const onCallerGone = () => abort.abort();
      request.signal?.addEventListener('abort', onCallerGone, { once: true });
      const failed = (err: unknown): ProviderError => {
        if (err instanceof ProviderError) return err;
        if (timedOut) return new ProviderError('timeout', `No answer from the model within ${options.timeoutMs} ms`);
        return new ProviderError('unreachable', `The model provider could not be reached: ${(err as Error)?.message ?? String(err)}`);
      };
      arm();
      try {
        const body = {
          model: options.model,
          messages: request.messages,
          stream: true,
          stream_options: { include_usage: true },
          ...(request.tools?.length ? { tools: request.tools } : {}),
        };
        const res = await doFetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json', accept: 'text/event-stream' },
          body: JSON.stringify(body),
          signal: abort.signal,
        });
        if (!res.ok) {
          await res.body?.cancel().catch(() => {});
          throw new ProviderError('status', `The model provider answered ${res.status}`, res.status);
        }
        if (!res.body) throw new ProviderError('malformed', 'The model provider sent no body');
        if (!(res.headers.get('content-type') ?? '').includes('text/event-stream')) {
          yield* wholeAnswer(await res.text());
          return;
        }
        yield* streamedAnswer(res.body, arm);
      } catch (err) {
        throw failed(err);
      } finally {
        clearTimeout(timer);
        request.signal?.removeEventListener('abort', onCallerGone);
        abort.abort();
      }
    },
  };
}

/** Reads the SSE stream: each `data:` is one JSON chunk until `[DONE]`; `arm` restarts the idle timer on every read. */
async function* streamedAnswer(body: ReadableStream<Uint8Array>, arm: () => void): AsyncGenerator<ProviderEvent, void, undefined> {
  const calls = new ToolCallAssembler();
  const pending: ProviderEvent[] = [];
  let finishReason: string | null = null;
  let usage: Usage | undefined;
  let done = false;
  let broken: ProviderError | undefined;
  const parser = createParser({
    onEvent(message: EventSourceMessage) {
      if (done || broken) return;
      if (message.data.trim() === '[DONE]') {
        done = true;
        return;
      }
      let chunk: Chunk;
      try {
        chunk = JSON.parse(message.data) as Chunk;
      } catch {
        broken = new ProviderError('malformed', 'The model provider sent a chunk that is not JSON');
        return;
      }
      usage = usageOf(chunk.usage) ?? usage;
      for (const choice of chunk.choices ?? []) {
        const text = choice.delta?.content;
        if (typeof text === 'string' && text !== '') pending.push({ type: 'text', text });
        for (const delta of choice.delta?.tool_calls ?? []) calls.add(delta);
        if (choice.finish_reason) finishReason = choice.finish_reason;
      }
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    while (!done) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      arm();
      parser.feed(decoder.decode(value, { stream: true }));
      if (broken) throw broken;
      while (pending.length) yield pending.shift() as ProviderEvent;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  // A stream that ended without [DONE] or a finish reason was cut off, not finished.
  if (!done && finishReason === null) throw new ProviderError('malformed', 'The model stream ended before it finished');
  yield { type: 'end', toolCalls: calls.finish(), finishReason, ...(usage ? { usage } : {}) };
}

/** A provider that answered with one JSON completion instead of a stream. */
async function* wholeAnswer(text: string): AsyncGenerator<ProviderEvent, void, undefined> {
  let whole: Whole;
  try {
    whole = JSON.parse(text) as Whole;
  } catch {
    throw new ProviderError('malformed', 'The model provider sent neither a stream nor JSON');
  }
  const choice = whole.choices?.[0];
  if (!choice) throw new ProviderError('malformed', 'The model provider sent no choice');
  const calls = new ToolCallAssembler();
  for (const call of choice.message?.tool_calls ?? []) calls.add(call);
  if (choice.message?.content) yield { type: 'text', text: choice.message.content };
  const usage = usageOf(whole.usage);
  yield { type: 'end', toolCalls: calls.finish(), finishReason: choice.finish_reason ?? null, ...(usage ? { usage } : {}) };
}
