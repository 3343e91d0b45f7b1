import { AGENT_TOOLS, toolsFor } from '@tm/agent-tools';

/** The tools /mcp offers (and /agent.txt lists), from the one tool layer; the assistant offers its own subset of the same list. */
export const MCP_TOOLS = toolsFor('mcp', AGENT_TOOLS);
