import { CHATBOT_SECRET_HEADER } from '@tm/contracts';
import { type Clock, DomainError } from '@tm/shared';
import { bearerToken } from '@tm/shared/tokens';
import { type JWTVerifyGetKey, verifyToken } from '@tm/shared/tokens/verify';
import type { Caller } from './sessions.ts';

/** Reads who is calling: a bearer token is optional here, but one that is sent must be valid. */
export interface CallerReader {
  callerOf(headers: Headers): Promise<Caller>;
}

/**
 * The caller from the request: the user of a valid access token (verified against auth's JWKS, as
 * bookings does: a service deployed alone checks tokens itself), and the X-Chatbot-Secret header.
 * A token that is sent but not valid is 401 UNAUTHORIZED (never silently anonymous); a JWKS that
 * cannot be fetched is 503, not the caller's fault.
 */
export function createCallerReader(keys: JWTVerifyGetKey, clock: Clock): CallerReader {
  return {
    async callerOf(headers) {
      const secret = headers.get(CHATBOT_SECRET_HEADER) ?? undefined;
      const authorization = headers.get('authorization');
      if (authorization === null) return secret === undefined ? {} : { secret };
      const token = bearerToken(authorization);
      if (token === undefined) throw new DomainError('UNAUTHORIZED', 'The bearer token is not valid');
      const verdict = await verifyToken(token, keys, clock.now(), 'access');
      if (verdict.kind === 'unavailable') throw new DomainError('UPSTREAM_UNAVAILABLE', 'Tokens cannot be checked right now; try again shortly');
      if (verdict.kind === 'invalid') throw new DomainError('UNAUTHORIZED', 'The bearer token is not valid');
      return { userId: verdict.claims.sub, ...(secret === undefined ? {} : { secret }) };
    },
  };
}
