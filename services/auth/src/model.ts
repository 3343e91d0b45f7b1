import { ErrorEnvelopeSchema, envelopeOf } from '@tm/shared';
import { t } from 'elysia';

/** Request bodies of operations 1-9: shapes only; the rules (E.164, markets, policies) live in the domain. */
export const SendOtpBody = t.Object(
  { mobile: t.String({ maxLength: 32, description: 'E.164 mobile number, e.g. +4915112345678' }) },
  { title: 'SendOtpRequest' },
);
export const VerifyOtpBody = t.Object(
  {
    mobile: t.String({ maxLength: 32, description: 'The number the code was sent to (E.164)' }),
    otp: t.String({ maxLength: 16, description: 'The 6-digit code from the SMS' }),
  },
  { title: 'VerifyOtpRequest' },
);
export const WidgetTokenBody = t.Object(
  { token: t.String({ minLength: 1, maxLength: 4096, description: 'Access token from the client-side SMS widget' }) },
  { title: 'VerifyWidgetTokenRequest' },
);
export const StaffLoginBody = t.Object(
  {
    identifier: t.String({ minLength: 1, maxLength: 320, description: 'Staff email or E.164 mobile' }),
    password: t.String({ minLength: 1, maxLength: 1024 }),
  },
  { title: 'StaffPasswordLoginRequest' },
);
export const IdTokenBody = t.Object(
  { idToken: t.String({ minLength: 1, maxLength: 8192, description: 'RS256 ID token from the identity provider' }) },
  { title: 'IdpSignInRequest' },
);
export const RefreshBody = t.Object({ refreshToken: t.String({ minLength: 1, maxLength: 4096 }) }, { title: 'RefreshSessionRequest' });
export const ForgotPasswordBody = t.Object({ email: t.String({ format: 'email', maxLength: 320 }) }, { title: 'ForgotPasswordRequest' });
export const ResetPasswordBody = t.Object(
  {
    token: t.String({ minLength: 1, maxLength: 512, description: 'The token from the reset link' }),
    newPassword: t.String({ maxLength: 1024, description: '10-128 characters' }),
  },
  { title: 'ResetPasswordRequest' },
);

/** A staff member's own password change (`POST /account/change-password`). */
export const ChangePasswordBody = t.Object(
  { currentPassword: t.String({ minLength: 1, maxLength: 1024 }), newPassword: t.String({ maxLength: 1024, description: '10-128 characters' }) },
  { title: 'ChangePasswordRequest' },
);

/** AuthSession = { accessToken, refreshToken, tokenType, expiresIn, user: { id, role } }. */
export const AuthSessionSchema = t.Object(
  {
    accessToken: t.String({ description: 'EdDSA JWT, typ "access", valid `expiresIn` seconds' }),
    refreshToken: t.String({ description: 'EdDSA JWT, typ "refresh", valid 30 days while the session lives' }),
    tokenType: t.Literal('Bearer'),
    expiresIn: t.Integer({ description: 'Access token lifetime in seconds' }),
    user: t.Object({ id: t.String(), role: t.String({ description: 'customer, guest, pm, resource, admin, ...' }) }),
  },
  { title: 'AuthSession' },
);
export const AuthSessionEnvelope = envelopeOf(AuthSessionSchema, 'AuthSessionEnvelope');
export const SentEnvelope = envelopeOf(t.Object({ sent: t.Boolean() }), 'SentEnvelope');
export const UpdatedEnvelope = envelopeOf(t.Object({ updated: t.Boolean() }), 'UpdatedEnvelope');
export const AccessTokenEnvelope = envelopeOf(t.Object({ accessToken: t.String() }), 'AccessTokenEnvelope');

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
export const MeEnvelope = envelopeOf(MeSchema, 'MeEnvelope');

/** Error responses for the given statuses, for each route's `response`. */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((s) => [s, ErrorEnvelopeSchema])) as { [K in S[number]]: typeof ErrorEnvelopeSchema };
}
