/**
 * @tm/agent-tools: the one tool layer of the agent-facing features. The gateway's /mcp and the
 * assistant offer the same definitions and run the same handlers, over the shared service client,
 * with input and output shapes from @tm/contracts/agent-tools. Explicit named exports only.
 */
export { type CallerAccess, localized, type ToolContext } from './context.ts';
export { checkedAnswer, conformsTo, keepConforming } from './contract-check.ts';
export { absoluteUrl, toMoney, toQuote } from './mappers.ts';
export { runTool, toCallToolResult, toolsFor } from './run.ts';
export {
  type AgentTool,
  type CheckedArgs,
  checkToolArgs,
  defineTool,
  type ToolAnswer,
  type ToolDefinition,
  type ToolHints,
  type ToolHost,
  toolAnswer,
  toolError,
  toolParameters,
} from './tool.ts';
export { AGENT_TOOLS } from './tools/index.ts';
export {
  type CallContext,
  createUpstreamClient,
  type UpstreamClient,
  type UpstreamClientOptions,
  type UpstreamName,
  type UpstreamRequest,
  type UpstreamResult,
} from './upstream.ts';
