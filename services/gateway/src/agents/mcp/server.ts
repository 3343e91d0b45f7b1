import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { type ToolContext, toCallToolResult } from '@tm/agent-tools';
import { MCP_TOOLS } from './tools.ts';

/** Name and version the server reports in `initialize`. */
export const MCP_SERVER_INFO = { name: 'talent-marketplace', version: '1.0.0' } as const;

const INSTRUCTIONS =
  'Tools to search and price an on-demand tech-talent marketplace. To price work, call quote_service with a service slug ' +
  '(e.g. react-developer), hours and market (IN, AE, DE, US, AU); use search_services first only when the slug is unknown. To find people, call find_talent with role, industry, skills or words. ' +
  'All amounts are integer minor units with a formatted string. No authentication is needed, except for create_booking, which acts for the ' +
  'person whose bearer token the /mcp call carries and answers how they pay (an agent never pays).';

/** A fresh server with every tool bound to one request's context (stateless: one per HTTP request). */
export function createMcpServer(ctx: ToolContext): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  for (const tool of MCP_TOOLS) {
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.input, outputSchema: tool.output, annotations: tool.annotations },
      async (args: Record<string, unknown>) => toCallToolResult(await tool.handle(args, ctx)),
    );
  }
  // McpServer declares tools.listChanged: true when the first tool registers; this server lives
  // for one request and the tool list never changes, so no list_changed notification ever comes.
  server.server.registerCapabilities({ tools: { listChanged: false } });
  return server;
}
