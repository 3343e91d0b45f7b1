import { type AgentTool, type ToolContext, toolParameters } from '@tm/agent-tools';
import type { ChatbotEvent, ChatbotSource, Lang, MarketCode, Quote } from '@tm/contracts';
import { type FallbackReason, fallbackAnswer } from '../fallback/fallback.ts';
import { marketNamed } from '../fallback/intent.ts';
import { type ChatMessage, type ChatProvider, type FunctionTool, ProviderError, type ToolCall, type Usage } from '../provider/model.ts';
import type { ContentReader } from '../retrieval/content.ts';
import { retrieve } from '../retrieval/retrieve.ts';
import type { PendingAction } from './confirm.ts';
import { type MaskVault, maskPersonalData } from './mask.ts';
import { MoneyGuard } from './money-guard.ts';
import { PricedAmounts } from './money-rule.ts';
import { systemPrompt } from './prompt.ts';
import { runToolCall, type ToolRoundState } from './tool-call.ts';

/** What answering needs that does not change between messages. */
export interface AnswerDeps {
  /** The model; undefined without LLM_API_KEY (every answer is the fallback). */
  provider: ChatProvider | undefined;
  /** The tools offered to the model (the assistant's share of @tm/agent-tools). */
  tools: readonly AgentTool[];
  content: ContentReader;
  /** At most this many rounds of tool calls per answer (4). */
  maxToolRounds: number;
}

/** One message to answer. */
export interface AnswerInput {
  text: string;
  /** Earlier turns, as the provider saw them (masked). */
  history: ChatMessage[];
  /** The session's placeholders for masked contact details; gains new ones. */
  vault: MaskVault;
  market: MarketCode;
  lang: Lang;
  /** The call pending the person's confirmation since the last answer. */
  pending: PendingAction | undefined;
  ctx: ToolContext;
  signal: AbortSignal;
}

/** The answer as stored: what the person was sent, in full. */
export interface AnswerResult {
  text: string;
  /** The person's text as the provider saw it (masked), for the next turns' history. */
  providerText: string;
  sources: ChatbotSource[];
  quote?: Quote;
  fallback: boolean;
  usage?: Usage;
  /** A call to confirm next time, if the model asked for one. */
  pending?: PendingAction;
}

function functionTools(tools: readonly AgentTool[]): FunctionTool[] {
  return tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: toolParameters(t) } }));
}

function addUsage(total: Usage | undefined, more: Usage | undefined): Usage | undefined {
  if (!more) return total;
  return { promptTokens: (total?.promptTokens ?? 0) + more.promptTokens, completionTokens: (total?.completionTokens ?? 0) + more.completionTokens };
}

/**
 * Answers one message, emitting the stream's events as it goes (meta first, then deltas, tool and
 * quote events, and done; the caller adds heartbeats): retrieval, then up to `maxToolRounds`
 * rounds of the model calling tools, its text passing the money rule on the way out. Without a
 * model, or when it times out or fails, the deterministic fallback answers (after whatever text
 * already went out). Never throws for a provider or tool failure.
 */
export async function answerMessage(input: AnswerInput, deps: AnswerDeps, emit: (event: ChatbotEvent) => void): Promise<AnswerResult> {
  const market = marketNamed(input.text) ?? input.market;
  const ctx: ToolContext = { ...input.ctx, call: { ...input.ctx.call, country: market, lang: input.lang } };
  const providerText = maskPersonalData(input.text, input.vault);
  const retrieved = await retrieve(input.text, ctx, deps.content);
  emit({ event: 'meta', data: { sources: retrieved.sources } });
  const base = { providerText, sources: retrieved.sources };

  let sent = '';
  const send = (text: string) => {
    if (text === '') return;
    sent += text;
    emit({ event: 'delta', data: { text } });
  };
  const fallback = async (reason: FallbackReason): Promise<AnswerResult> => {
    const fb = await fallbackAnswer(input.text, retrieved, reason, quoteToolOf(deps.tools), ctx);
    send(sent ? `\n\n${fb.text}` : fb.text);
    if (fb.quote) emit({ event: 'quote', data: fb.quote });
    return { ...base, text: sent, fallback: true, ...(fb.quote ? { quote: fb.quote } : {}) };
  };
  if (!deps.provider) return fallback('no-model');

  const state: ToolRoundState = { priced: new PricedAmounts(), pending: input.pending, askNow: undefined, unavailable: new Set() };
  const guard = new MoneyGuard(state.priced, market);
  const messages: ChatMessage[] = [
    { role: 'system', content: systemPrompt(market, input.lang, retrieved) },
    ...input.history,
    { role: 'user', content: providerText },
  ];
  const offered = functionTools(deps.tools);
  let usage: Usage | undefined;
  try {
    for (let round = 0; ; round++) {
      // After the last allowed tool round the model is offered no tools: it has to answer in words.
      const tools = round < deps.maxToolRounds ? offered : undefined;
      let roundText = '';
      let calls: ToolCall[] = [];
      for await (const event of deps.provider.complete({ messages, ...(tools ? { tools } : {}), signal: input.signal })) {
        if (event.type === 'text') {
          roundText += event.text;
          send(guard.push(event.text));
        } else {
          calls = tools ? event.toolCalls : [];
          usage = addUsage(usage, event.usage);
        }
      }
      if (calls.length === 0) break;
      messages.push({ role: 'assistant', content: roundText || null, tool_calls: calls });
      for (const call of calls) {
        const content = await runToolCall(call, deps.tools, ctx, input.vault, input.text, state, emit);
        messages.push({ role: 'tool', tool_call_id: call.id, content });
      }
    }
  } catch (err) {
    if (!(err instanceof ProviderError) || input.signal.aborted) throw err;
    send(guard.flush());
    return fallback(err.failure === 'timeout' ? 'timeout' : 'provider-error');
  }
  send(guard.flush());
  for (const title of state.unavailable) send(`\n\n(${title}: that part is unavailable right now.)`);
  const quote = state.priced.lastQuote;
  return {
    ...base,
    text: sent,
    fallback: false,
    ...(quote ? { quote } : {}),
    ...(usage ? { usage } : {}),
    ...(state.askNow ? { pending: state.askNow } : {}),
  };
}

function quoteToolOf(tools: readonly AgentTool[]): AgentTool {
  const tool = tools.find((t) => t.name === 'quote_service');
  if (!tool) throw new Error('the assistant needs the quote_service tool');
  return tool;
}
