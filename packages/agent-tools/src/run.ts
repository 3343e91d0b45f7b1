import type { ToolContext } from './context.ts';
import { type AgentTool, checkToolArgs, type ToolAnswer, type ToolHost, toolError } from './tool.ts';

/** The tools a host offers, in their listed order. */
export function toolsFor(host: ToolHost, tools: readonly AgentTool[]): AgentTool[] {
  return tools.filter((t) => t.hosts.includes(host));
}

/**
 * Runs one tool call as a model sent it: the arguments parsed by the tool's input shape (a misfit
 * is a tool error the model can correct), the handler run, and a handler that throws answered as
 * INTERNAL rather than taking its host down. Never throws.
 */
export async function runTool(tool: AgentTool, args: unknown, ctx: ToolContext): Promise<ToolAnswer> {
  const checked = checkToolArgs(tool, args);
  if (!checked.ok) return toolError(checked.code, checked.message);
  try {
    return await tool.handle(checked.args, ctx);
  } catch {
    return toolError('INTERNAL', `The ${tool.name} tool failed`);
  }
}

/** MCP's CallToolResult for an answer: text content plus structuredContent, or isError with `CODE: message`. */
export function toCallToolResult(answer: ToolAnswer): {
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
} {
  if (!answer.ok) return { content: [{ type: 'text', text: `${answer.code}: ${answer.message}` }], isError: true };
  return { content: [{ type: 'text', text: answer.text }], structuredContent: answer.structured };
}
