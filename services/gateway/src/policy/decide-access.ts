import type { GatewayCode } from '../errors.ts';
import { type AccessRule, findAccessRule } from './access-rules.ts';
import type { TokenCheck } from './tokens.ts';

/** The request as the authorize step sees it. */
export interface AccessRequest {
  method: string;
  path: string;
  /** The policy step's verdict on the Authorization header. */
  token: TokenCheck;
  /**
   * The token's session, from the gateway's copy of auth's revocation feed: 'revoked' (signed
   * out, password changed, deactivated, deleted), 'unknown' while that copy is stale, else 'live'.
   */
  session: SessionVerdict;
}

/** What the revocation feed says of a valid token's session. */
export type SessionVerdict = 'live' | 'revoked' | 'unknown';

/** Forward to the owning service, or refuse with a code from the gateway's error table (and a WWW-Authenticate challenge for a 401). */
export type AccessDecision = { outcome: 'forward' } | { outcome: 'refuse'; code: GatewayCode; message: string; challenge?: string };

const FORWARD: AccessDecision = { outcome: 'forward' };

/**
 * The one authorize step of /api, pure: the rule of `method path` (none: a public route), the
 * token verdict, its session's verdict and the token's role decide. In order: token unavailable
 * -> 503 (not the caller's fault, never a 401), no or a bad token -> 401, a revoked session ->
 * 401, a revocation feed too stale to tell -> 503, a role the rule refuses -> 403, an operation
 * no service implements yet -> 501, else forward.
 */
export function decideAccess(request: AccessRequest, rules?: readonly AccessRule[]): AccessDecision {
  const rule = findAccessRule(request.method, request.path, rules);
  if (rule === undefined || rule.token === 'none') return rule === undefined || rule.forward ? FORWARD : notImplemented(request);
  const { token } = request;
  switch (token.kind) {
    case 'unavailable':
      return { outcome: 'refuse', code: 'UPSTREAM_UNAVAILABLE', message: 'Tokens cannot be checked right now; try again shortly' };
    case 'none':
      return { outcome: 'refuse', code: 'UNAUTHORIZED', message: 'A valid access token is required', challenge: 'Bearer' };
    case 'invalid':
      return { outcome: 'refuse', code: 'UNAUTHORIZED', message: 'A valid access token is required', challenge: 'Bearer error="invalid_token"' };
    case 'valid':
      break;
    default:
      return unknownVerdict(token);
  }
  // Revoked sessions are refused by a local set lookup; while that set is stale (auth's feed
  // away) nothing protected passes.
  if (request.session === 'revoked') {
    return { outcome: 'refuse', code: 'UNAUTHORIZED', message: 'This session has ended; sign in again', challenge: 'Bearer error="invalid_token"' };
  }
  if (request.session === 'unknown')
    return { outcome: 'refuse', code: 'UPSTREAM_UNAVAILABLE', message: 'Sessions cannot be checked right now; try again shortly' };
  const role = token.principal.role;
  if (rule.adminOnly ? role !== 'admin' : role === 'guest' && !rule.guests) {
    return { outcome: 'refuse', code: 'FORBIDDEN', message: 'This account may not use this operation' };
  }
  return rule.forward ? FORWARD : notImplemented(request);
}

function notImplemented(request: AccessRequest): AccessDecision {
  return { outcome: 'refuse', code: 'NOT_IMPLEMENTED', message: `${request.method} ${request.path} is not available yet` };
}

/** A new kind of token verdict must be decided above: this does not compile until it is. */
function unknownVerdict(token: never): never {
  throw new Error(`decideAccess: no decision for token verdict ${JSON.stringify(token)}`);
}
