import { type AgentTool, runTool, type ToolContext } from '@tm/agent-tools';
import type { ChatbotEvent } from '@tm/contracts';
import type { ToolCall } from '../provider/model.ts';
import { mayRun, type PendingAction } from './confirm.ts';
import { type MaskVault, unmaskValue } from './mask.ts';
import type { PricedAmounts } from './money-rule.ts';

/** What the tool calls of one answer add up to. */
export interface ToolRoundState {
  priced: PricedAmounts;
  /** The call the person was asked to confirm last time (from the session), and the one to ask about now. */
  pending: PendingAction | undefined;
  askNow: PendingAction | undefined;
  /** Titles of tools whose service was unreachable: the person is told that part is unavailable. */
  unavailable: Set<string>;
}

const UNAVAILABLE = new Set(['UPSTREAM_UNAVAILABLE', 'UPSTREAM_TIMEOUT', 'UPSTREAM_ERROR', 'SERVICE_UNAVAILABLE']);

/**
 * Runs one tool call the model made and returns what the model is told. Only tools of the fixed
 * list run; arguments are parsed by the tool's contract shape (a misfit is a tool error the model
 * can correct); placeholders of masked contact details are put back only here, on the way to our
 * own service; a tool that acts for the person runs only once they confirmed that call. A priced
 * quote is shown to the person at once (`quote` event) and its amounts become the ones the
 * model's text may contain.
 */
export async function runToolCall(
  call: ToolCall,
  tools: readonly AgentTool[],
  ctx: ToolContext,
  vault: MaskVault,
  personText: string,
  state: ToolRoundState,
  emit: (event: ChatbotEvent) => void,
): Promise<string> {
  const tool = tools.find((t) => t.name === call.function.name);
  if (!tool) return `UNKNOWN_TOOL: there is no tool named ${call.function.name}; use one of ${tools.map((t) => t.name).join(', ')}`;
  let args: unknown;
  try {
    args = JSON.parse(call.function.arguments);
  } catch {
    return 'VALIDATION_FAILED: the arguments are not JSON';
  }
  emit({ event: 'tool', data: { name: tool.name } });
  if (tool.confirmFirst) {
    const verdict = mayRun(tool.name, args, state.pending, personText);
    if (!verdict.run) {
      state.askNow = verdict.pending;
      return `CONFIRMATION_REQUIRED: nothing was done. Tell the person exactly what ${tool.name} would do with these details and ask them to confirm with yes; call it again with the same arguments only after they do.`;
    }
  }
  const answer = await runTool(tool, unmaskValue(args, vault), ctx);
  if (!answer.ok) {
    if (UNAVAILABLE.has(answer.code)) {
      state.unavailable.add(tool.title);
      return `${answer.code}: that part is unavailable right now; tell the person so and answer the rest.`;
    }
    return `${answer.code}: ${answer.message}`;
  }
  state.priced.addFrom(answer.structured);
  if (answer.quote) {
    state.priced.addQuote(answer.quote);
    emit({ event: 'quote', data: answer.quote });
  }
  return answer.text;
}
