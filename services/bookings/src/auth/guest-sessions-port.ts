import { GUEST_SESSION_CHECK_PATH, GUEST_SESSION_END_PATH, GuestSessionEndedSchema, type LiveGuestSession, LiveGuestSessionSchema } from '@tm/contracts';
import { DomainError } from '@tm/shared';
import { type ClientKit, createServiceClient } from '@tm/shared/client';

/**
 * Auth's word on a guest session (the guest hand-over): whether the session a refresh token
 * proves is still live, by the checks refresh makes, and ending it once its bookings moved. A
 * signature alone proves nothing after sign-out: the token stays well-formed for 30 days.
 */
export interface GuestSessionsPort {
  /** The live guest session, or null when auth refuses the token (signed out, expired, not a guest's, forged); 503 when auth cannot tell. */
  live(refreshToken: string): Promise<LiveGuestSession | null>;
  /** Ends the session (idempotent); 503 when auth cannot be reached. */
  end(refreshToken: string): Promise<void>;
}

const unavailable = (why: string) => new DomainError('UPSTREAM_UNAVAILABLE', `Auth cannot check the guest session right now (${why}); try again shortly`);

/** Auth over HTTP through the shared service client, with a timeout. */
export function createHttpGuestSessions(options: { baseUrl: string; timeoutMs: number } & ClientKit): GuestSessionsPort {
  const client = createServiceClient({ service: 'auth', ...options });
  return {
    async live(refreshToken) {
      const res = await client.call(GUEST_SESSION_CHECK_PATH, { method: 'POST', body: { refreshToken }, schema: LiveGuestSessionSchema });
      if (res.ok) return res.data;
      if (res.status === 400 && (res.code === 'INVALID_REFRESH_TOKEN' || res.code === 'VALIDATION_FAILED')) return null;
      throw unavailable(`${res.status} ${res.code}`);
    },
    async end(refreshToken) {
      const res = await client.call(GUEST_SESSION_END_PATH, { method: 'POST', body: { refreshToken }, schema: GuestSessionEndedSchema });
      if (!res.ok) throw unavailable(`${res.status} ${res.code}`);
    },
  };
}
