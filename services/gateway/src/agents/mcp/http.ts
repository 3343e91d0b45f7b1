import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { ToolContext } from './context.ts';
import { jsonRpcError, readJsonRpc, SERVER_ERROR } from './json-rpc.ts';
import { guardRequestParams } from './params.ts';
import { createMcpServer } from './server.ts';

/** The largest /mcp body read (tool arguments are small; a cart of 50 lines is a few KiB). */
export const MAX_MCP_BODY_BYTES = 256 * 1024;

/**
 * GET (server-initiated SSE stream) and DELETE (session end) have no meaning for a stateless
 * server: the Streamable HTTP spec lets it answer 405.
 */
export function mcpMethodNotAllowed(): Response {
  return jsonRpcError(405, SERVER_ERROR, 'Method not allowed: this MCP server is stateless; send JSON-RPC with POST', null, { allow: 'POST' });
}

/** A client that sends no Accept (curl, plain fetch) gets JSON rather than a 406. */
function withDefaultAccept(request: Request): Request {
  const headers = new Headers(request.headers);
  const accept = headers.get('accept');
  if (!accept || accept.trim() === '*/*') headers.set('accept', 'application/json, text/event-stream');
  return new Request(request.url, { method: 'POST', headers });
}

/** POST /mcp: one stateless server and transport per request, JSON responses. */
export async function handleMcpPost(request: Request, ctx: ToolContext): Promise<Response> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_MCP_BODY_BYTES) return jsonRpcError(413, SERVER_ERROR, `Request body over ${MAX_MCP_BODY_BYTES} bytes`);
  const text = await request.text();
  if (text.length > MAX_MCP_BODY_BYTES) return jsonRpcError(413, SERVER_ERROR, `Request body over ${MAX_MCP_BODY_BYTES} bytes`);
  const parsed = readJsonRpc(text);
  if (!parsed.ok) return parsed.response;

  const server = createMcpServer(ctx);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  try {
    await server.connect(transport);
    guardRequestParams(transport);
    return await transport.handleRequest(withDefaultAccept(request), { parsedBody: parsed.body });
  } finally {
    await server.close();
  }
}
