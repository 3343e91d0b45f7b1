import {
  AccessTokenSchema,
  AUTH_ERROR_STATUS,
  AuthSessionSchema,
  ChangePasswordBody,
  errorEnvelopeSchema,
  ForgotPasswordBody,
  IdTokenBody,
  MeSchema,
  RefreshBody,
  ResetPasswordBody,
  SendOtpBody,
  SentSchema,
  StaffLoginBody,
  UpdatedSchema,
  VerifyOtpBody,
  WidgetTokenBody,
} from '@tm/contracts';
import { envelopeOf } from '@tm/shared/http';

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
export const SentEnvelope = envelopeOf(SentSchema, 'SentEnvelope');
export const UpdatedEnvelope = envelopeOf(UpdatedSchema, 'UpdatedEnvelope');
export const AccessTokenEnvelope = envelopeOf(AccessTokenSchema, 'AccessTokenEnvelope');

/** The signed-in principal (`GET /account/me`): the contract's Me. */
export const MeEnvelope = envelopeOf(MeSchema, 'MeEnvelope');

/** Auth's error envelope for its OpenAPI responses: `error.code` lists auth's codes and the common ones. */
const ErrorEnvelopeSchema = errorEnvelopeSchema(AUTH_ERROR_STATUS);

/** Error responses for the given statuses, for each route's `response`. */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((s) => [s, ErrorEnvelopeSchema])) as { [K in S[number]]: typeof ErrorEnvelopeSchema };
}
