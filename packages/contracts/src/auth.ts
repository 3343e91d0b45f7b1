import { t } from 'elysia';
import { ROLES } from './tokens.ts';

/**
 * Auth's request bodies (spec operations 1-9 and the password change) and its answers. Shapes
 * only: the rules (E.164 and the served country codes, password policy) live in auth's domain, so
 * each broken rule keeps its own error code instead of a generic validation failure.
 */

export const SendOtpBody = t.Object(
  { mobile: t.String({ maxLength: 32, description: 'E.164 mobile number, e.g. +4915112345678' }) },
  { title: 'SendOtpRequest' },
);
export type SendOtpRequest = typeof SendOtpBody.static;

export const VerifyOtpBody = t.Object(
  {
    mobile: t.String({ maxLength: 32, description: 'The number the code was sent to (E.164)' }),
    otp: t.String({ maxLength: 16, description: 'The 6-digit code from the SMS' }),
  },
  { title: 'VerifyOtpRequest' },
);
export type VerifyOtpRequest = typeof VerifyOtpBody.static;

export const WidgetTokenBody = t.Object(
  { token: t.String({ minLength: 1, maxLength: 4096, description: 'Access token from the client-side SMS widget' }) },
  { title: 'VerifyWidgetTokenRequest' },
);
export type VerifyWidgetTokenRequest = typeof WidgetTokenBody.static;

export const StaffLoginBody = t.Object(
  {
    identifier: t.String({ minLength: 1, maxLength: 320, description: 'Staff email or E.164 mobile' }),
    password: t.String({ minLength: 1, maxLength: 1024 }),
  },
  { title: 'StaffPasswordLoginRequest' },
);
export type StaffPasswordLoginRequest = typeof StaffLoginBody.static;

export const IdTokenBody = t.Object(
  { idToken: t.String({ minLength: 1, maxLength: 8192, description: 'RS256 ID token from the identity provider' }) },
  { title: 'IdpSignInRequest' },
);
export type IdpSignInRequest = typeof IdTokenBody.static;

export const RefreshBody = t.Object({ refreshToken: t.String({ minLength: 1, maxLength: 4096 }) }, { title: 'RefreshSessionRequest' });
export type RefreshSessionRequest = typeof RefreshBody.static;

export const ForgotPasswordBody = t.Object({ email: t.String({ format: 'email', maxLength: 320 }) }, { title: 'ForgotPasswordRequest' });
export type ForgotPasswordRequest = typeof ForgotPasswordBody.static;

export const ResetPasswordBody = t.Object(
  {
    token: t.String({ minLength: 1, maxLength: 512, description: 'The token from the reset link' }),
    newPassword: t.String({ maxLength: 1024, description: '10-128 characters' }),
  },
  { title: 'ResetPasswordRequest' },
);
export type ResetPasswordRequest = typeof ResetPasswordBody.static;

/** A staff member's own password change (`POST /account/change-password`). */
export const ChangePasswordBody = t.Object(
  { currentPassword: t.String({ minLength: 1, maxLength: 1024 }), newPassword: t.String({ maxLength: 1024, description: '10-128 characters' }) },
  { title: 'ChangePasswordRequest' },
);
export type ChangePasswordRequest = typeof ChangePasswordBody.static;

/** What every sign-in answers (DESIGN.md "Auth rules"). */
export const AuthSessionSchema = t.Object(
  {
    accessToken: t.String({ description: 'EdDSA JWT, typ "access", valid `expiresIn` seconds' }),
    refreshToken: t.String({ description: 'EdDSA JWT, typ "refresh", valid 30 days while the session lives' }),
    tokenType: t.Literal('Bearer'),
    expiresIn: t.Integer({ description: 'Access token lifetime in seconds' }),
    user: t.Object({ id: t.String(), role: t.UnionEnum(ROLES, { description: 'The role the tokens carry' }) }),
  },
  { title: 'AuthSession' },
);
export type AuthSession = typeof AuthSessionSchema.static;

/** What `POST /auth/refresh` answers: a new access token for the same session. */
export const AccessTokenSchema = t.Object(
  { accessToken: t.String({ description: 'EdDSA JWT, typ "access", valid as long as a new session\'s' }) },
  { title: 'AccessToken' },
);
export type AccessToken = typeof AccessTokenSchema.static;
