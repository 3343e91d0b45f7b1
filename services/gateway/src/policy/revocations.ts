/**
 * The gateway's copy of auth's revoked sessions: the shared code (@tm/shared/tokens/revocations),
 * which bookings also runs to verify tokens itself.
 */
export {
  createFixedRevocationView,
  createRevocationView,
  type RevocationView,
  type RevocationViewOptions,
  sessionVerdict,
} from '@tm/shared/tokens/revocations';
