import { t } from 'elysia';

/**
 * What auth asks of every service that holds personal data when a person takes their data
 * (`GET /account/export`) or leaves (`DELETE /account`). Each such service serves both internal
 * endpoints (not routed by the gateway); auth gathers and orchestrates them over HTTP.
 */

/** `GET` here answers the person's data held by that service, as one envelope `data` object. */
export const accountExportPath = (userId: string) => `/internal/accounts/${encodeURIComponent(userId)}/export`;

/**
 * `POST` here erases the person from that service (idempotent: erasing twice answers the same).
 * A service refuses with 409 `ACCOUNT_HAS_ACTIVE_BOOKINGS` while it must keep the person (a paid,
 * confirmed or in-progress booking); records kept for accounting lose their personal data.
 */
export const accountErasePath = (userId: string) => `/internal/accounts/${encodeURIComponent(userId)}/erase`;

/** One service's part of an export. */
export const AccountExportPartSchema = t.Object(
  {
    service: t.String({ description: 'The service that holds this data' }),
    data: t.Record(t.String(), t.Unknown(), { description: 'Everything that service holds about the person, by collection' }),
  },
  { title: 'AccountExportPart' },
);
export type AccountExportPart = typeof AccountExportPartSchema.static;

/** A service's answer to an erase. */
export const AccountErasureSchema = t.Object(
  { service: t.String(), erased: t.Literal(true), kept: t.Integer({ minimum: 0, description: 'Records kept for accounting, without personal data' }) },
  { title: 'AccountErasure' },
);
export type AccountErasure = typeof AccountErasureSchema.static;
