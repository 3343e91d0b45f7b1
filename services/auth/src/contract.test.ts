import { describe, expect, it } from 'bun:test';
import {
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
} from '@tm/contracts';
import { declaredSchemas, envelopeData } from '@tm/shared/testing';
import { createAuthUnderTest } from './testing/auth-under-test.ts';

const { app } = await createAuthUnderTest();

describe('auth answers with the contract', () => {
  it('declares the contract AuthSession for every sign-in', () => {
    for (const path of ['/auth/verify-otp', '/auth/verify-widget-token', '/auth/staff-password-login', '/auth/idp-signin', '/auth/guest-access']) {
      expect(envelopeData(declaredSchemas(app, 'POST', path).response[200])).toBe(AuthSessionSchema);
    }
  });

  it('declares the contract access-token answer for a refresh', () => {
    expect(envelopeData(declaredSchemas(app, 'POST', '/auth/refresh').response[200])).toBe(AccessTokenSchema);
  });

  it('takes the contract body on every operation that reads one', () => {
    const bodies: [string, unknown][] = [
      ['/auth/send-otp', SendOtpBody],
      ['/auth/verify-otp', VerifyOtpBody],
      ['/auth/verify-widget-token', WidgetTokenBody],
      ['/auth/staff-password-login', StaffLoginBody],
      ['/auth/idp-signin', IdTokenBody],
      ['/auth/refresh', RefreshBody],
      ['/auth/forgot-password', ForgotPasswordBody],
      ['/auth/reset-password', ResetPasswordBody],
      ['/account/change-password', ChangePasswordBody],
    ];
    for (const [path, body] of bodies) expect(declaredSchemas(app, 'POST', path).body).toBe(body);
  });
});
