import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';

/** JSON-RPC 2.0 error codes this endpoint answers itself (https://www.jsonrpc.org/specification#error_object). */
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const INVALID_PARAMS = -32602;
/**
 * Most messages one POST may carry. The gateway's rate limit counts HTTP requests, so a batch of
 * 100 tool calls (the SDK's own cap) would buy 100 service calls for one token; MCP 2025-06-18
 * dropped batching anyway.
 */
export const MAX_BATCH = 10;
/** The SDK's code for transport-level refusals (method not allowed, not acceptable). */
export const SERVER_ERROR = -32000;

/** A JSON-RPC error response as an HTTP response. */
export function jsonRpcError(status: number, code: number, message: string, id: string | number | null = null, headers: Record<string, string> = {}): Response {
  return Response.json({ jsonrpc: '2.0', error: { code, message }, id }, { status, headers });
}

/** The id of a message when it has a usable one, so an error can answer that request. */
function idOf(message: unknown): string | number | null {
  const id = (message as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/**
 * The method of a message that would be a valid JSON-RPC message but for params that are not an
 * object (a string, a number or an array: MCP methods take named params only), else undefined.
 */
function methodWithBadParams(message: unknown): string | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message) || !('params' in message)) return undefined;
  const { params, ...rest } = message as { params: unknown; method?: unknown };
  if (typeof params === 'object' && params !== null && !Array.isArray(params)) return undefined;
  return typeof rest.method === 'string' && JSONRPCMessageSchema.safeParse(rest).success ? rest.method : undefined;
}

/**
 * Reads a POST body as JSON-RPC. The SDK answers an invalid message with -32700; JSON-RPC 2.0
 * says a well-formed JSON value that is not a valid Request object is -32600, so that case is
 * answered here and only well-formed messages reach the transport. A message whose only defect
 * is params that are not an object is -32602 Invalid params (its method and id are readable).
 */
export function readJsonRpc(text: string): { ok: true; body: unknown } | { ok: false; response: Response } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, response: jsonRpcError(400, PARSE_ERROR, 'Parse error: the body is not valid JSON') };
  }
  const messages = Array.isArray(body) ? body : [body];
  if (messages.length === 0) return { ok: false, response: jsonRpcError(400, INVALID_REQUEST, 'Invalid Request: empty batch') };
  if (messages.length > MAX_BATCH)
    return { ok: false, response: jsonRpcError(400, INVALID_REQUEST, `Invalid Request: at most ${MAX_BATCH} messages per batch`) };
  const bad = messages.find((m) => !JSONRPCMessageSchema.safeParse(m).success);
  const badParamsOf = bad === undefined ? undefined : methodWithBadParams(bad);
  if (badParamsOf !== undefined) {
    return { ok: false, response: jsonRpcError(400, INVALID_PARAMS, `Invalid params for ${badParamsOf}: params must be an object`, idOf(bad)) };
  }
  if (bad !== undefined) {
    return {
      ok: false,
      response: jsonRpcError(400, INVALID_REQUEST, 'Invalid Request: expected a JSON-RPC 2.0 message ({"jsonrpc":"2.0","method":...,"id":...})', idOf(bad)),
    };
  }
  return { ok: true, body };
}
