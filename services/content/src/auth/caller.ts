import { adminOnly, type Caller, type CallerVerifier, signedIn } from '@tm/shared/tokens/callers';

/** Reads the caller of a request from its bearer token (content deployed alone checks tokens itself, as bookings does). */
export interface CallerReader {
  /** The caller, or undefined when no Authorization header was sent; a header that is not a live session's valid access token is 401. */
  optional(request: Request): Promise<Caller | undefined>;
  /** The caller; 401 UNAUTHORIZED without a valid access token. */
  required(request: Request): Promise<Caller>;
  /** An admin; 401 without a token, 403 FORBIDDEN for any other role. */
  admin(request: Request): Promise<Caller>;
}

/**
 * The shared verifier (@tm/shared/tokens/callers: auth's JWKS and revocation feed; 401 for an
 * invalid or revoked token, 503 when either cannot be read) asked once per request, however many
 * hooks ask: an admin route checks in `transform`, before the body is validated, so an anonymous
 * caller hears 401 rather than 400.
 */
export function createCallerReader(callers: CallerVerifier): CallerReader {
  const seen = new WeakMap<Request, Promise<Caller | undefined>>();
  function optional(request: Request): Promise<Caller | undefined> {
    let caller = seen.get(request);
    if (!caller) {
      caller = callers.optionalCaller(request.headers.get('authorization'));
      seen.set(request, caller);
    }
    return caller;
  }
  return {
    optional,
    required: async (request) => signedIn(await optional(request)),
    admin: async (request) => adminOnly(await optional(request)),
  };
}
