import { CHATBOT_SECRET_HEADER } from '@tm/contracts';
import type { CallerVerifier } from '@tm/shared/tokens/callers';
import type { Caller } from './sessions.ts';

/** Reads who is calling: a bearer token is optional here, but one that is sent must be valid. */
export interface CallerReader {
  callerOf(headers: Headers): Promise<Caller>;
}

/**
 * The caller from the request: the user of a live session's valid access token (the shared
 * verifier: auth's JWKS and revocation feed, as the gateway checks them; the assistant reached
 * directly checks tokens itself), and the X-Chatbot-Secret header. A token that is sent but not
 * valid, or whose session was revoked, is 401 UNAUTHORIZED (never silently anonymous); keys or a
 * revocation feed that cannot be read are 503, not the caller's fault.
 */
export function createCallerReader(callers: CallerVerifier): CallerReader {
  return {
    async callerOf(headers) {
      const secret = headers.get(CHATBOT_SECRET_HEADER) ?? undefined;
      const user = await callers.optionalCaller(headers.get('authorization'));
      return { ...(user ? { userId: user.sub } : {}), ...(secret === undefined ? {} : { secret }) };
    },
  };
}
