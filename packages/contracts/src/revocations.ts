import { t } from 'elysia';

/**
 * The revocation feed auth serves and every gateway replica polls (`GET` with `?since=<ms>`):
 * sessions revoked since that instant, each with the time until which access tokens naming it
 * may still be presented (revocation + access lifetime + leeway). Internal: never routed by the
 * gateway's /api proxy.
 */
export const REVOCATIONS_PATH = '/internal/revocations';

/** Most entries one answer carries; a full page says `more: true` and the caller asks again from `next`. */
export const REVOCATIONS_PAGE = 5000;

export const RevocationFeedSchema = t.Object(
  {
    revoked: t.Array(
      t.Object({
        sid: t.String({ description: 'Session id (the `sid` claim)' }),
        until: t.Integer({ description: 'Epoch ms after which no access token of this session is valid anyway' }),
      }),
    ),
    next: t.Integer({ description: 'The `since` to ask with next (epoch ms, auth’s clock)' }),
    more: t.Boolean({ description: 'True when the page was full: ask again at once from `next`' }),
  },
  { title: 'RevocationFeed' },
);
export type RevocationFeed = typeof RevocationFeedSchema.static;
