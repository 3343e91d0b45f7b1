import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  isJSONRPCRequest,
  ListToolsRequestSchema,
  PingRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { type AgentTool, checkToolArgs } from '@tm/agent-tools';

/** The request schemas of the methods this server answers, checked before the SDK sees a request. */
const REQUEST_SCHEMAS = new Map<string, { safeParse(value: unknown): { success: boolean; error?: { issues: readonly ParamIssue[] } } }>([
  ['initialize', InitializeRequestSchema],
  ['ping', PingRequestSchema],
  ['tools/list', ListToolsRequestSchema],
  ['tools/call', CallToolRequestSchema],
]);

/** The parts of a zod issue the message is built from. */
interface ParamIssue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  expected?: unknown;
}

const TYPE_NAMES: Record<string, string> = {
  record: 'an object',
  object: 'an object',
  array: 'an array',
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'a boolean',
};

/** One issue as `field must be a string` / `field is required`: the field path inside params, no validator jargon. */
function describeIssue(issue: ParamIssue): string {
  const path = issue.path[0] === 'params' ? issue.path.slice(1) : issue.path;
  const field = path.length === 0 ? 'params' : path.map(String).join('.');
  if (issue.code === 'invalid_type') {
    if (issue.message.endsWith('received undefined')) return `${field} is required`;
    const expected = TYPE_NAMES[String(issue.expected)];
    if (expected) return `${field} must be ${expected}`;
  }
  return `${field}: ${issue.message.replace(/^Invalid input: /, '')}`;
}

/** The JSON-RPC message text for params that do not fit: at most three issues, on one line. */
export function invalidParamsMessage(method: string, issues: readonly ParamIssue[]): string {
  const parts = issues.slice(0, 3).map(describeIssue);
  return `Invalid params for ${method}: ${[...new Set(parts)].join('; ')}`;
}

/**
 * Answers a request whose params do not fit its method with -32602 Invalid params. The SDK parses
 * params inside the handler and reports the raw ZodError as -32603 Internal error, which blames
 * the server and dumps validator JSON; this check runs first, per message, so a batch still gets
 * the other answers. Tool argument VALUES are left to the SDK (a tool error the model can fix),
 * except a value outside one of the contract's bounds: that is answered here as the tool error
 * the API itself gives for it (`INVALID_HOURS: ...`), so an agent sees one code for one mistake.
 */
export function guardRequestParams(transport: Transport, tools: readonly AgentTool[] = []): void {
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if (isJSONRPCRequest(message)) {
      const checked = REQUEST_SCHEMAS.get(message.method)?.safeParse(message);
      if (checked && !checked.success) {
        const error = { code: ErrorCode.InvalidParams, message: invalidParamsMessage(message.method, checked.error?.issues ?? []) };
        void transport.send({ jsonrpc: '2.0', id: message.id, error });
        return;
      }
      const outOfBounds = message.method === 'tools/call' ? boundsProblem(message.params, tools) : undefined;
      if (outOfBounds !== undefined) {
        void transport.send({ jsonrpc: '2.0', id: message.id, result: { content: [{ type: 'text', text: outOfBounds }], isError: true } });
        return;
      }
    }
    deliver?.(message, extra);
  };
}

/** The `CODE: text` of the first argument outside a contract bound, if any. */
function boundsProblem(params: unknown, tools: readonly AgentTool[]): string | undefined {
  const { name, arguments: args } = (params ?? {}) as { name?: unknown; arguments?: unknown };
  const tool = tools.find((t) => t.name === name);
  if (tool === undefined) return undefined;
  const checked = checkToolArgs(tool, args);
  return !checked.ok && checked.coded ? `${checked.code}: ${checked.message}` : undefined;
}
