import { describe, expect, it } from 'bun:test';
import {
  AccessTokenSchema,
  AccountDeletionSchema,
  AccountExportSchema,
  AccountProfileSchema,
  AuthSessionSchema,
  ChangePasswordBody,
  ConfirmEmailBody,
  CreatedStaffSchema,
  CreateStaffBody,
  ForgotPasswordBody,
  IdTokenBody,
  MeSchema,
  RefreshBody,
  ResetPasswordBody,
  SendOtpBody,
  SentSchema,
  SessionViewSchema,
  SignedOutSchema,
  SignOutBody,
  StaffAccountSchema,
  StaffListQuery,
  StaffLoginBody,
  UpdatedSchema,
  UpdateMeBody,
  VerifyOtpBody,
  WidgetTokenBody,
} from '@tm/contracts';
import { declaredSchemas, envelopeData, itemsOf } from '@tm/shared/testing';
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
      ['/auth/confirm-email', ConfirmEmailBody],
      ['/account/sign-out', SignOutBody],
      ['/account/staff', CreateStaffBody],
    ];
    for (const [path, body] of bodies) expect(declaredSchemas(app, 'POST', path).body).toBe(body);
    expect(declaredSchemas(app, 'PATCH', '/account/me').body).toBe(UpdateMeBody);
    expect(declaredSchemas(app, 'GET', '/account/staff').query).toBe(StaffListQuery);
  });

  it('declares the contract answers of the account, session and staff operations', () => {
    const data = (method: string, path: string, status = 200) => envelopeData(declaredSchemas(app, method, path).response[status]);
    expect(data('GET', '/account/me')).toBe(MeSchema);
    expect(data('PATCH', '/account/me')).toBe(AccountProfileSchema);
    expect(itemsOf(data('GET', '/account/sessions'))).toBe(SessionViewSchema);
    expect(data('POST', '/account/sign-out')).toBe(SignedOutSchema);
    expect(data('GET', '/account/export')).toBe(AccountExportSchema);
    expect(data('DELETE', '/account')).toBe(AccountDeletionSchema);
    expect(data('DELETE', '/account', 202)).toBe(AccountDeletionSchema);
    expect(data('POST', '/account/staff', 201)).toBe(CreatedStaffSchema);
    expect(itemsOf(data('GET', '/account/staff'))).toBe(StaffAccountSchema);
    expect(data('POST', '/account/staff/:id/deactivate')).toBe(StaffAccountSchema);
  });

  it('answers {sent} and {updated} with the contract shapes', () => {
    const data = (path: string) => envelopeData(declaredSchemas(app, 'POST', path).response[200]);
    for (const path of ['/auth/send-otp', '/auth/forgot-password']) expect(data(path)).toBe(SentSchema);
    for (const path of ['/auth/reset-password', '/auth/confirm-email']) expect(data(path)).toBe(UpdatedSchema);
    expect(envelopeData(declaredSchemas(app, 'DELETE', '/account/sessions/:id').response[200])).toBe(UpdatedSchema);
  });
});
