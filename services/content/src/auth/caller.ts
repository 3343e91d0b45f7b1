import type { Role } from '@tm/contracts';
import { type Clock, DomainError } from '@tm/shared';
import { bearerToken } from '@tm/shared/tokens';
import { type JWTVerifyGetKey, type RemoteJwksOptions, remoteJwks, verifyToken } from '@tm/shared/tokens/verify';

/** Who a verified access token speaks for. */
export interface Caller {
  id: string;
  role: Role;
}

/** Reads the caller of a request from its bearer token (content deployed alone checks tokens itself, as bookings does). */
export interface CallerReader {
  /** The caller, or undefined when no Authorization header was sent; a header that is not a valid access token is 401. */
  optional(request: Request): Promise<Caller | undefined>;
  /** The caller; 401 UNAUTHORIZED without a valid access token. */
  required(request: Request): Promise<Caller>;
  /** An admin; 401 without a token, 403 FORBIDDEN for any other role. */
  admin(request: Request): Promise<Caller>;
}

/**
 * Verifies our own tokens against auth's JWKS (@tm/shared/tokens/verify: EdDSA, issuer, audience,
 * leeway, `typ` access). A JWKS that cannot be fetched is a 503, never the caller's fault.
 */
export function createCallerReader(options: { keys?: JWTVerifyGetKey; jwksUrl?: string; jwksFetch?: RemoteJwksOptions['fetch']; clock: Clock }): CallerReader {
  const keys =
    options.keys ??
    remoteJwks({ url: options.jwksUrl ?? 'http://127.0.0.1:8081/.well-known/jwks.json', ...(options.jwksFetch ? { fetch: options.jwksFetch } : {}) });
  const unauthorized = () => new DomainError('UNAUTHORIZED', 'A valid access token is required');
  // One verification per request, however many hooks ask (an admin route checks in `transform`,
  // before the body is validated, so an anonymous caller hears 401 rather than 400).
  const seen = new WeakMap<Request, Promise<Caller | undefined>>();
  function optional(request: Request): Promise<Caller | undefined> {
    let caller = seen.get(request);
    if (!caller) {
      caller = verify(request);
      seen.set(request, caller);
    }
    return caller;
  }
  async function verify(request: Request): Promise<Caller | undefined> {
    const header = request.headers.get('authorization');
    if (header === null) return undefined;
    const token = bearerToken(header);
    if (token === undefined) throw unauthorized();
    const verdict = await verifyToken(token, keys, options.clock.now(), 'access');
    if (verdict.kind === 'unavailable') throw new DomainError('UPSTREAM_UNAVAILABLE', 'Tokens cannot be checked right now; try again shortly');
    if (verdict.kind === 'invalid') throw unauthorized();
    return { id: verdict.claims.sub, role: verdict.claims.role };
  }
  async function required(request: Request): Promise<Caller> {
    const caller = await optional(request);
    if (!caller) throw unauthorized();
    return caller;
  }
  return {
    optional,
    required,
    async admin(request) {
      const caller = await required(request);
      if (caller.role !== 'admin') throw new DomainError('FORBIDDEN', 'Only admins may do this');
      return caller;
    },
  };
}
