import {
  AccessTokenSchema,
  AUTH_ERROR_STATUS,
  AuthSessionSchema,
  ChangePasswordBody,
  errorEnvelopeSchema,
  ForgotPasswordBody,
  IdTokenBody,
  RefreshBody,
  ResetPasswordBody,
  SendOtpBody,
  StaffLoginBody,
  VerifyOtpBody,
  WidgetTokenBody,
} from '@tm/contracts';
import { envelopeOf } from '@tm/shared/http';
import { t } from 'elysia';

/** Auth's bodies and answers that cross the gateway are the contract's (packages/contracts/src/auth.ts). */
export {
  AccessTokenSchema,
  AuthSessionSchema,
  ChangePasswordBody,
  ForgotPasswordBody,
  IdTokenBody,
  RefreshBody,
  ResetPasswordBody,
  SendOtpBody,
  StaffLoginBody,
  VerifyOtpBody,
  WidgetTokenBody,
};

export const AuthSessionEnvelope = envelopeOf(AuthSessionSchema, 'AuthSessionEnvelope');
export const SentEnvelope = envelopeOf(t.Object({ sent: t.Boolean() }), 'SentEnvelope');
export const UpdatedEnvelope = envelopeOf(t.Object({ updated: t.Boolean() }), 'UpdatedEnvelope');
export const AccessTokenEnvelope = envelopeOf(AccessTokenSchema, 'AccessTokenEnvelope');

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

/** Auth's error envelope for its OpenAPI responses: `error.code` lists auth's codes and the common ones. */
const ErrorEnvelopeSchema = errorEnvelopeSchema(AUTH_ERROR_STATUS);

/** Error responses for the given statuses, for each route's `response`. */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((s) => [s, ErrorEnvelopeSchema])) as { [K in S[number]]: typeof ErrorEnvelopeSchema };
}
