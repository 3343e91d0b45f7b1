/**
 * The OpenAI-compatible chat completions shapes the assistant sends and reads (the de-facto
 * provider contract; design/assistant.md). They cross to a third party, not to one of our
 * processes, so they live here rather than in packages/contracts.
 */

/** A function call the model asked for, assembled from the stream's deltas. */
export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** A function tool as the provider takes it: the name, the words the model chooses by, and a JSON Schema. */
export interface FunctionTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** Token counts, when the provider reports them (many do only on request, some never). */
export interface Usage {
  promptTokens: number;
  completionTokens: number;
}

/** What one streamed completion yields: text as it comes, then its end with any tool calls. */
export type ProviderEvent = { type: 'text'; text: string } | { type: 'end'; toolCalls: ToolCall[]; finishReason: string | null; usage?: Usage };

/** One completion request. */
export interface CompletionRequest {
  messages: ChatMessage[];
  /** Offered tools; left out (or empty) on the last round so the model has to answer in words. */
  tools?: FunctionTool[];
  /** The person's request went away: stop reading and close the provider connection. */
  signal?: AbortSignal;
}

/** Streams chat completions from a model provider. */
export interface ChatProvider {
  complete(request: CompletionRequest): AsyncGenerator<ProviderEvent, void, undefined>;
}

/** Why a completion failed: no answer in time, an HTTP error status, a broken stream, or no connection. */
export type ProviderFailure = 'timeout' | 'status' | 'malformed' | 'unreachable';

/** A completion that failed; the assistant answers from its fallback instead. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  constructor(
    readonly failure: ProviderFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
