import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { ToolContext } from '@tm/agent-tools';
import { jsonRpcError, PARSE_ERROR, readJsonRpc, SERVER_ERROR } from './json-rpc.ts';
import { guardRequestParams } from './params.ts';
import { createMcpServer } from './server.ts';
import { MCP_TOOLS } from './tools.ts';

/** The /mcp request: the tools' context, the body cap (the gateway's MAX_BODY_BYTES) and how long the body may take (UPSTREAM_TIMEOUT_MS). */
export interface McpPostContext extends ToolContext {
  maxBodyBytes: number;
  bodyTimeoutMs: number;
}

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

/** The body read under the cap: its text, or why there is none. */
type CappedBody = { text: string } | { problem: 'too-large' | 'unreadable' | 'too-slow' };

/**
 * The body as text, stopping once it passes maxBytes: a chunked body has no Content-Length for
 * the policy to check, so bytes are counted while reading and the rest is never buffered. A body
 * that breaks off (the client stalled until the server's idle timeout, or went away) is
 * 'unreadable': the client's doing, so an answer, not an error to log.
 */
async function readCappedText(request: Request, maxBytes: number, timeoutMs: number): Promise<CappedBody> {
  if (!request.body) return { text: '' };
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  // A client that stops sending is cut off when the time is up (cancel ends the pending read).
  let tooSlow = false;
  const deadline = setTimeout(() => {
    tooSlow = true;
    reader.cancel().catch(() => {});
  }, timeoutMs);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return { problem: 'too-large' };
      }
      chunks.push(value);
    }
  } catch {
    return { problem: tooSlow ? 'too-slow' : 'unreadable' };
  } finally {
    clearTimeout(deadline);
  }
  if (tooSlow) return { problem: 'too-slow' };
  return { text: new TextDecoder().decode(Buffer.concat(chunks)) };
}

/** POST /mcp: one stateless server and transport per request, JSON responses. */
export async function handleMcpPost(request: Request, ctx: McpPostContext): Promise<Response> {
  const { maxBodyBytes, bodyTimeoutMs, ...tools } = ctx;
  const tooLarge = () => jsonRpcError(413, SERVER_ERROR, `Request body over ${maxBodyBytes} bytes`);
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBodyBytes) return tooLarge();
  const body = await readCappedText(request, maxBodyBytes, bodyTimeoutMs);
  if ('problem' in body) {
    if (body.problem === 'too-large') return tooLarge();
    if (body.problem === 'too-slow') return jsonRpcError(408, SERVER_ERROR, 'The request body did not arrive in time');
    return jsonRpcError(400, PARSE_ERROR, 'The request body could not be read');
  }
  const parsed = readJsonRpc(body.text);
  if (!parsed.ok) return parsed.response;

  const server = createMcpServer(tools);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  try {
    await server.connect(transport);
    guardRequestParams(transport, MCP_TOOLS);
    return await transport.handleRequest(withDefaultAccept(request), { parsedBody: parsed.body });
  } finally {
    await server.close();
  }
}
