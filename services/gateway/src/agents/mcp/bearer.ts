import type { GatewayCode } from '../../errors.ts';
import { decideAccess } from '../../policy/decide-access.ts';
import { type RevocationView, sessionVerdict } from '../../policy/revocations.ts';
import type { TokenCheck } from '../../policy/tokens.ts';

/**
 * What the gateway decided about the /mcp request's bearer token, for the tools that act for the
 * caller (create_booking): forward it, or refuse with the code /api would have answered.
 */
export type BearerAccess = { outcome: 'forward'; authorization: string } | { outcome: 'refuse'; code: GatewayCode; message: string };

/** The operation an MCP tool performs with the caller's token; its access rule is the one /api applies to it. */
const ACTS_AS = { method: 'POST', path: '/api/bookings' } as const;

const NO_TOKEN: BearerAccess = {
  outcome: 'refuse',
  code: 'UNAUTHORIZED',
  message: "Booking needs the person's own bearer token: call /mcp with their Authorization header (a guest session from POST /api/auth/guest-access works).",
};

/**
 * The same verdict as `POST /api/bookings` gets: the policy step's token check (signature, iss,
 * aud, typ, iat), the revocation feed's word on its session (a signed-out, deactivated or deleted
 * session is refused; a feed too stale to tell refuses too) and the access rule's role check.
 * Only a token that passes all three is ever forwarded to a service.
 */
export function decideBearer(token: TokenCheck, revocations: Pick<RevocationView, 'isRevoked' | 'isFresh'>, authorization: string | null): BearerAccess {
  if (token.kind === 'none' || authorization === null) return NO_TOKEN;
  const session = token.kind === 'valid' ? sessionVerdict(revocations, token.principal.sid) : 'live';
  const access = decideAccess({ ...ACTS_AS, token, session });
  if (access.outcome === 'refuse') return { outcome: 'refuse', code: access.code, message: access.message };
  return { outcome: 'forward', authorization };
}
