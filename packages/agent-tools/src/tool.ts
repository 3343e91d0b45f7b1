import type { Quote as ApiQuote } from '@tm/contracts';
import { CODED_MESSAGE } from '@tm/contracts/agent-tools';
import { type ZodRawShape, z } from 'zod';
import type { ToolContext } from './context.ts';

/**
 * A tool's answer, whoever asked (an MCP client or the assistant's model): the structured result
 * and its plain-text rendering, or a failure with a stable code. `quote` is the catalog's own
 * Quote when the tool priced something: the assistant shows it and checks the model's amounts
 * against it; MCP clients get the structured result only.
 */
export type ToolAnswer = { ok: true; structured: Record<string, unknown>; text: string; quote?: ApiQuote } | { ok: false; code: string; message: string };

/** Where a tool is offered: `/mcp` (agents) and the assistant (the chatbot's model). */
export type ToolHost = 'mcp' | 'assistant';

/** MCP's tool annotations (hints for the client; never relied on for safety). */
export interface ToolHints {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** One tool, as a host runs it: its name, words for the model, shapes, and handler. */
export interface AgentTool {
  name: string;
  title: string;
  /** What the tool does and when to call it: models choose tools by this text. */
  description: string;
  /** Input shape (from @tm/contracts/agent-tools); a host parses arguments with it before `handle`. */
  input: ZodRawShape;
  /** Shape of `structured` on success. */
  output: ZodRawShape;
  annotations: ToolHints;
  hosts: readonly ToolHost[];
  /**
   * True for a tool that acts for the person (creates something in their name): the assistant
   * runs it only once the person confirmed that exact call in the conversation.
   */
  confirmFirst?: boolean;
  /** Runs the tool with arguments already parsed by `input`. Never throws for a failed service call: that is an answer. */
  handle(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolAnswer>;
}

/** A tool definition whose handler sees its arguments typed by its input shape. */
export interface ToolDefinition<S extends ZodRawShape> extends Omit<AgentTool, 'input' | 'handle'> {
  input: S;
  handle(args: z.output<z.ZodObject<S>>, ctx: ToolContext): Promise<ToolAnswer>;
}

/** Declares a tool (one file per tool under tools/, listed in tools/index.ts). */
export function defineTool<S extends ZodRawShape>(definition: ToolDefinition<S>): AgentTool {
  return definition as unknown as AgentTool;
}

/** A successful answer: the structured result plus its plain-text rendering for clients that show text only. */
export function toolAnswer(structured: Record<string, unknown>, text: string, quote?: ApiQuote): ToolAnswer {
  return quote ? { ok: true, structured, text, quote } : { ok: true, structured, text };
}

/** A failed call as the model should see it: a result with a stable code, not a protocol error. */
export function toolError(code: string, message: string): ToolAnswer {
  return { ok: false, code, message };
}

/** Parsed arguments, or why they do not fit: `coded` when a contract bound failed (the API's own code and message). */
export type CheckedArgs = { ok: true; args: Record<string, unknown> } | { ok: false; coded: boolean; code: string; message: string };

const objects = new WeakMap<ZodRawShape, z.ZodObject>();
function objectOf(shape: ZodRawShape): z.ZodObject {
  let object = objects.get(shape);
  if (!object) {
    object = z.object(shape);
    objects.set(shape, object);
  }
  return object;
}

/**
 * Parses a tool's arguments with its input shape. A value outside a contract bound is answered
 * with the API's code and message (`INVALID_HOURS: ...` split into code and message), so a caller
 * sees one code for one mistake; any other misfit is VALIDATION_FAILED naming the field.
 */
export function checkToolArgs(tool: Pick<AgentTool, 'input'>, args: unknown): CheckedArgs {
  const parsed = objectOf(tool.input).safeParse(args ?? {});
  if (parsed.success) return { ok: true, args: parsed.data };
  const coded = parsed.error.issues.find((i) => CODED_MESSAGE.test(i.message));
  if (coded) {
    const at = coded.message.indexOf(': ');
    return { ok: false, coded: true, code: coded.message.slice(0, at), message: coded.message.slice(at + 2) };
  }
  const first = parsed.error.issues[0];
  const field = first?.path.length ? first.path.map(String).join('.') : 'arguments';
  return { ok: false, coded: false, code: 'VALIDATION_FAILED', message: `${field}: ${first?.message ?? 'invalid'}` };
}

/** The input shape as JSON Schema, as MCP's tools/list shows it (draft-7, the input side of transforms): what a model provider takes as `parameters`. */
export function toolParameters(tool: Pick<AgentTool, 'input'>): Record<string, unknown> {
  return z.toJSONSchema(objectOf(tool.input), { target: 'draft-7', io: 'input' }) as Record<string, unknown>;
}
