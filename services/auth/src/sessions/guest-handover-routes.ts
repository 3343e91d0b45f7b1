import { GUEST_SESSION_CHECK_PATH, GUEST_SESSION_END_PATH, GuestSessionEndedSchema, GuestSessionProofSchema, LiveGuestSessionSchema } from '@tm/contracts';
import { ok } from '@tm/shared';
import { envelopeOf } from '@tm/shared/http';
import { Elysia } from 'elysia';
import type { AuthWiring } from '../wiring.ts';

/**
 * A guest session's hand-over to the customer who claims its bookings (internal: the gateway
 * never routes /internal; bookings calls it over the service client). `check` answers the guest
 * of a live session with the checks refresh makes (400 INVALID_REFRESH_TOKEN otherwise); `end`
 * revokes it once its bookings have moved, so the token claims nothing more and its access
 * tokens stop (the revocation feed).
 */
export function guestHandoverRoutes(s: AuthWiring) {
  return new Elysia({ name: 'auth:guest-handover' })
    .post(GUEST_SESSION_CHECK_PATH, async ({ body }) => ok(await s.sessions.liveGuest(body.refreshToken)), {
      body: GuestSessionProofSchema,
      parse: 'json',
      response: { 200: envelopeOf(LiveGuestSessionSchema, 'LiveGuestSessionEnvelope') },
      detail: { hide: true },
    })
    .post(GUEST_SESSION_END_PATH, async ({ body }) => ok({ ended: await s.sessions.endGuest(body.refreshToken) }), {
      body: GuestSessionProofSchema,
      parse: 'json',
      response: { 200: envelopeOf(GuestSessionEndedSchema, 'GuestSessionEndedEnvelope') },
      detail: { hide: true },
    });
}
