import { createEmailChangeRepository } from './account/email-change-repository.ts';
import { buildAccountDeletion } from './account/erasure-worker.ts';
import { createProfileUpdate } from './account/profile-update.ts';
import { createCustomerRepository } from './customers/customer-repository.ts';
import type { AuthDeps } from './deps.ts';
import { createOtpService } from './otp/otp-service.ts';
import { createSessionRepository } from './sessions/session-repository.ts';
import { createSessionService } from './sessions/session-service.ts';
import { createPasswordReset } from './staff/password-reset.ts';
import { createResetTokenRepository } from './staff/reset-token-repository.ts';
import { createStaffAccounts } from './staff/staff-accounts.ts';
import { createStaffLogin } from './staff/staff-login.ts';
import { createStaffRepository } from './staff/staff-repository.ts';
import { createTokenService } from './tokens/token-service.ts';
import { createWidgetService } from './widget/widget-service.ts';

/** The repositories and domain services of auth, wired once from its deps. */
export function buildServices(deps: AuthDeps) {
  const sessions = createSessionRepository(deps.documents);
  const customers = createCustomerRepository(deps.documents);
  const staff = createStaffRepository(deps.documents);
  const resetTokens = createResetTokenRepository(deps.documents);
  const emailChanges = createEmailChangeRepository(deps.documents);
  const tokens = createTokenService(deps.signingKey, deps.clock, deps.previousPublicKeys);
  const staffLogin = createStaffLogin({ staff, keyValue: deps.keyValue, passwords: deps.passwords, logger: deps.logger });
  return {
    deps,
    repositories: { sessions, customers, staff, resetTokens, emailChanges },
    tokens,
    sessions: createSessionService({ sessions, customers, staff, tokens, clock: deps.clock }),
    otp: createOtpService(deps),
    widget: createWidgetService(deps),
    staffLogin,
    passwordReset: createPasswordReset({ ...deps, staff, resetTokens, sessions, staffLogin }),
    staffAccounts: createStaffAccounts({ ...deps, staff, resetTokens, sessions }),
    profile: createProfileUpdate({ ...deps, customers, staff, emailChanges }),
    accountDeletion: buildAccountDeletion(deps),
    now: () => new Date(deps.clock.now()),
  };
}

/** What route plugins receive. */
export type AuthServices = ReturnType<typeof buildServices>;
