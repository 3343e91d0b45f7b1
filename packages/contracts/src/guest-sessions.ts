import { t } from 'elysia';

/**
 * A guest session's hand-over (bookings' POST /bookings/claim, DESIGN.md "Guest to customer"): auth, asked over
 * the service network (internal: the gateway never routes /internal), says whether the guest
 * session a refresh token proves is still live, with the same checks `POST /auth/refresh` makes
 * (signature, `typ` refresh, the session unrevoked and unexpired, the token the session's own),
 * and ends it once its bookings have moved. A token that proves no live guest session is 400
 * `INVALID_REFRESH_TOKEN`, as at refresh.
 */
export const GUEST_SESSION_CHECK_PATH = '/internal/guest-sessions/check';
export const GUEST_SESSION_END_PATH = '/internal/guest-sessions/end';

/** Both calls carry the guest session's refresh token: proof of possession. */
export const GuestSessionProofSchema = t.Object(
  { refreshToken: t.String({ minLength: 1, maxLength: 4096, description: "The guest session's refresh token" }) },
  { additionalProperties: false, title: 'GuestSessionProof' },
);
export type GuestSessionProof = typeof GuestSessionProofSchema.static;

/** The live guest session a token proves. */
export const LiveGuestSessionSchema = t.Object(
  {
    guestId: t.String({ description: "The guest's id (the `sub` claim): whose bookings move" }),
    sessionId: t.String({ description: 'The session (the `sid` claim)' }),
  },
  { title: 'LiveGuestSession' },
);
export type LiveGuestSession = typeof LiveGuestSessionSchema.static;

/** `ended`: false when the session had ended already (or the token proves none): ending is idempotent. */
export const GuestSessionEndedSchema = t.Object({ ended: t.Boolean() }, { title: 'GuestSessionEnded' });
export type GuestSessionEnded = typeof GuestSessionEndedSchema.static;
