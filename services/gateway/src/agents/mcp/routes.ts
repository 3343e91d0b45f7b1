import type { UpstreamClient } from '@tm/agent-tools';
import { requestIdOf } from '@tm/shared/http';
import { Elysia } from 'elysia';
import type { RequestStates } from '../../policy/request-state.ts';
import type { RevocationView } from '../../policy/revocations.ts';
import { decideBearer } from './bearer.ts';
import { handleMcpPost, mcpMethodNotAllowed } from './http.ts';
import { jsonRpcError, SERVER_ERROR } from './json-rpc.ts';
import { isMcpOriginAllowed } from './origin.ts';

export interface McpRoutesOptions {
  upstream: UpstreamClient;
  /** Public site origin, for absolute links in tool results. */
  origin: string;
  /** Browser origins allowed to call /mcp (see origin.ts). */
  allowedOrigins: ReadonlySet<string>;
  /** The largest body read, in bytes: the gateway's MAX_BODY_BYTES. */
  maxBodyBytes: number;
  /** How long a body may take to arrive: the gateway's UPSTREAM_TIMEOUT_MS, as on /api. */
  bodyTimeoutMs: number;
  /** The policy step's per-request token verdicts. */
  states: RequestStates;
  /** Auth's revoked sessions: a revoked session's token is never forwarded by a tool. */
  revocations: Pick<RevocationView, 'isRevoked' | 'isFresh'>;
}

const NO_TOKEN = { kind: 'none' } as const;

/** /mcp: POST carries JSON-RPC; the body is read raw so garbage becomes a JSON-RPC parse error, not an envelope. */
export function createMcpRoutes(options: McpRoutesOptions) {
  const hidden = { detail: { hide: true } };
  return new Elysia({ name: 'agent-mcp-routes' })
    .post(
      '/mcp',
      (ctx) => {
        const { request } = ctx;
        const h = request.headers;
        if (!isMcpOriginAllowed(h.get('origin'), options.allowedOrigins)) {
          return jsonRpcError(403, SERVER_ERROR, 'Forbidden: this Origin may not call the MCP server');
        }
        const requestId = requestIdOf(ctx);
        const state = options.states.get(request);
        const bearer = decideBearer(state?.token ?? NO_TOKEN, options.revocations, h.get('authorization'));
        const call = {
          requestId,
          clientIp: state?.clientIp,
          country: h.get('x-country') ?? undefined,
          lang: h.get('x-lang') ?? undefined,
          authorization: bearer.outcome === 'forward' ? bearer.authorization : undefined,
        };
        return handleMcpPost(request, {
          upstream: options.upstream,
          origin: options.origin,
          call,
          bearer,
          maxBodyBytes: options.maxBodyBytes,
          bodyTimeoutMs: options.bodyTimeoutMs,
        });
      },
      { ...hidden, parse: 'none' },
    )
    .get('/mcp', mcpMethodNotAllowed, hidden)
    .delete('/mcp', mcpMethodNotAllowed, hidden)
    .put('/mcp', mcpMethodNotAllowed, hidden)
    .patch('/mcp', mcpMethodNotAllowed, hidden);
}
