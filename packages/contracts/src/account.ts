import { t } from 'elysia';
import { E164_PATTERN } from './phone.ts';

/**
 * What auth asks of every service that holds personal data when a person takes their data
 * (`GET /account/export`) or leaves (`DELETE /account`). Each such service serves both internal
 * endpoints (not routed by the gateway); auth gathers and orchestrates them over HTTP.
 */

/** `GET` here answers the person's data held by that service, as one envelope `data` object. */
export const accountExportPath = (userId: string) => `/internal/accounts/${encodeURIComponent(userId)}/export`;

/**
 * `POST` here (body: AccountErasureRequest) erases the person from that service (idempotent: erasing twice answers the same).
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

/**
 * What auth sends in the body of an erase: the person's contact data it knows, for services that
 * hold records matched by contact rather than by account id (growth's leads). Every field is
 * optional; a service that keys everything by account id (bookings) ignores the body.
 */
export const AccountErasureRequestSchema = t.Object(
  {
    emails: t.Optional(
      t.Array(t.String({ minLength: 3, maxLength: 320 }), {
        maxItems: 10,
        description: "The account's confirmed email addresses, lower case (never an unconfirmed one: it may be someone else's)",
      }),
    ),
    mobile: t.Optional(t.String({ pattern: E164_PATTERN, description: "The account's verified mobile, E.164" })),
  },
  { title: 'AccountErasureRequest' },
);
export type AccountErasureRequest = typeof AccountErasureRequestSchema.static;

/** A service's answer to an erase. */
export const AccountErasureSchema = t.Object(
  { service: t.String(), erased: t.Literal(true), kept: t.Integer({ minimum: 0, description: 'Records kept for accounting, without personal data' }) },
  { title: 'AccountErasure' },
);
export type AccountErasure = typeof AccountErasureSchema.static;

/* The caller's own account (`/api/account/*`, issue 12): bodies and answers that cross the gateway. */

/** The signed-in principal (`GET /account/me`). */
export const MeSchema = t.Object(
  {
    id: t.String(),
    role: t.String(),
    mobile: t.Optional(t.String()),
    email: t.Optional(t.String()),
    name: t.Optional(t.String()),
    locale: t.Optional(t.String()),
    profileId: t.Optional(t.String({ description: 'Talent profile of a pm or resource account (the `pid` claim)' })),
    sessionId: t.String(),
  },
  { title: 'Me' },
);
export type Me = typeof MeSchema.static;

/** `{sent}`: whether a code or link went out (send-otp, forgot-password). */
export const SentSchema = t.Object({ sent: t.Boolean() }, { title: 'Sent' });
/** `{updated}`: whether the operation changed something (reset-password, confirm-email, ending a session). */
export const UpdatedSchema = t.Object({ updated: t.Boolean() }, { title: 'Updated' });

/** One live session as its owner sees it (`GET /account/sessions`). */
export const SessionViewSchema = t.Object(
  {
    id: t.String({ description: 'The session id: the `sid` claim of its tokens' }),
    createdAt: t.String({ format: 'date-time', description: 'Sign-in time' }),
    lastUsedAt: t.String({ format: 'date-time', description: 'Last refresh or account call (kept to the minute)' }),
    userAgent: t.Union([t.String(), t.Null()], { description: 'User-Agent of the sign-in' }),
    current: t.Boolean({ description: 'True for the session of the token asking' }),
  },
  { title: 'AccountSession' },
);
export type SessionView = typeof SessionViewSchema.static;

/** `POST /account/sign-out` scopes: this session, every other one, or all of them. */
export const SIGN_OUT_SCOPES = ['current', 'others', 'all'] as const;
export type SignOutScope = (typeof SIGN_OUT_SCOPES)[number];

/** `POST /account/sign-out` takes no body, `{}`, or `{ scope }`. */
export const SignOutBody = t.Object(
  {
    scope: t.Optional(
      t.Union(
        SIGN_OUT_SCOPES.map((s) => t.Literal(s)),
        { description: 'current (default): this session; others: every other session; all: every session' },
      ),
    ),
  },
  { title: 'SignOutRequest', additionalProperties: false },
);
export type SignOutRequest = typeof SignOutBody.static;

export const SignedOutSchema = t.Object(
  { updated: t.Boolean(), revoked: t.Integer({ minimum: 0, description: 'Sessions ended by this call' }) },
  { title: 'SignedOut' },
);

/** `PATCH /account/me`. */
export const UpdateMeBody = t.Object(
  {
    name: t.Optional(t.String({ minLength: 1, maxLength: 120, description: 'Display name (receipts, mails)' })),
    email: t.Optional(t.String({ format: 'email', maxLength: 320, description: 'New email: used only once confirmed from the mailed link' })),
    locale: t.Optional(t.String({ maxLength: 16, description: 'en, hi, ar or de' })),
  },
  { title: 'UpdateMeRequest' },
);
export type UpdateMeRequest = typeof UpdateMeBody.static;

/** `PATCH /account/me`'s answer. */
export const AccountProfileSchema = t.Object(
  {
    name: t.Optional(t.String()),
    email: t.Optional(t.String({ description: 'The confirmed email' })),
    pendingEmail: t.Optional(t.String({ description: 'Waiting for its owner to follow the confirmation link' })),
    locale: t.Optional(t.String()),
  },
  { title: 'AccountProfile' },
);
export type AccountProfile = typeof AccountProfileSchema.static;

/** `POST /auth/confirm-email`. */
export const ConfirmEmailBody = t.Object(
  { token: t.String({ minLength: 1, maxLength: 512, description: 'The token from the confirmation link' }) },
  { title: 'ConfirmEmailRequest' },
);

/** `GET /account/export`: auth's part and every other service's (each an AccountExportPart). */
export const AccountExportSchema = t.Object(
  {
    exportedAt: t.String({ format: 'date-time' }),
    auth: t.Object({
      account: t.Record(t.String(), t.Unknown(), { description: 'Profile: id, kind, mobile, email, name, locale, role, profileId, dates' }),
      identities: t.Array(t.Object({ issuer: t.String(), subject: t.String(), linkedAt: t.String() })),
      sessions: t.Array(t.Record(t.String(), t.Unknown()), { description: 'Every session, live or ended: times and user agent' }),
      pendingEmail: t.Union([t.String(), t.Null()]),
    }),
    services: t.Array(AccountExportPartSchema, {
      description: 'Each other service’s part (bookings: bookings and payments), as that service answers it',
    }),
  },
  { title: 'AccountExport' },
);
export type AccountExport = typeof AccountExportSchema.static;

/** `DELETE /account`: done (200), or some service still to confirm (202). */
export const AccountDeletionSchema = t.Union(
  [
    t.Object({ status: t.Literal('deleted') }),
    t.Object({ status: t.Literal('pending'), pending: t.Array(t.String(), { description: 'Services still to confirm' }) }),
  ],
  { title: 'AccountDeletion' },
);
export type AccountDeletion = typeof AccountDeletionSchema.static;
