import { createEmailChangeRepository } from './account/email-change-repository.ts';
import { buildAccountDeletion } from './account/erasure-worker.ts';
import { createProfileUpdate } from './account/profile-update.ts';
import { createCustomerRepository } from './customers/customer-repository.ts';
import type { AuthDeps } from './deps.ts';
import { signInWithIdp } from './idp/sign-in-with-idp.ts';
import { createLinkMails, type LinkMailTimings } from './mail/link-mails.ts';
import { createOtpService } from './otp/otp-service.ts';
import { signInWithOtp } from './otp/sign-in-with-otp.ts';
import { admitGuest } from './sessions/guest-policy.ts';
import { createSessionRepository } from './sessions/session-repository.ts';
import { createSessionService } from './sessions/session-service.ts';
import { startGuest } from './sessions/start-guest.ts';
import { createPasswordReset } from './staff/password-reset.ts';
import { createResetTokenRepository } from './staff/reset-token-repository.ts';
import { signInStaff } from './staff/sign-in-staff.ts';
import { createStaffAccounts } from './staff/staff-accounts.ts';
import { createStaffLogin } from './staff/staff-login.ts';
import { createStaffRepository } from './staff/staff-repository.ts';
import { createTokenService } from './tokens/token-service.ts';
import { signInWithWidget } from './widget/sign-in-with-widget.ts';
import { createWidgetService } from './widget/widget-service.ts';

/** Auth wired once from its deps: its repositories, domain services and sign-in use cases (what route plugins receive). */
export function buildWiring(deps: AuthDeps, options: { linkMails?: LinkMailTimings } = {}) {
  const sessions = createSessionRepository(deps.documents);
  const customers = createCustomerRepository(deps.documents);
  const staff = createStaffRepository(deps.documents);
  const resetTokens = createResetTokenRepository(deps.documents);
  const emailChanges = createEmailChangeRepository(deps.documents);
  const linkMails = createLinkMails({ ...deps, staff, customers, resetTokens, emailChanges, timings: options.linkMails });
  const tokens = createTokenService(deps.signingKey, deps.clock, deps.previousPublicKeys);
  const staffLogin = createStaffLogin({ staff, keyValue: deps.keyValue, passwords: deps.passwords, logger: deps.logger });
  const sessionService = createSessionService({ sessions, customers, staff, tokens, clock: deps.clock });
  const otp = createOtpService(deps);
  const widget = createWidgetService(deps);
  const ports = {
    customers,
    sessions: sessionService,
    clock: deps.clock,
    otp,
    widget,
    idp: deps.idp,
    staffLogin,
    guests: { admit: (clientIp: string) => admitGuest(deps.keyValue, clientIp) },
  };
  return {
    deps,
    repositories: { sessions, customers, staff, resetTokens, emailChanges },
    tokens,
    sessions: sessionService,
    otp,
    widget,
    staffLogin,
    /** The reset, invitation and email confirmation mails (auth's outbox; main.ts starts its worker). */
    linkMails,
    /** The sign-in use cases, bound to their ports: routes validate, call one of these and map. */
    useCases: {
      signInWithOtp: (input: Parameters<typeof signInWithOtp>[1]) => signInWithOtp(ports, input),
      signInWithWidget: (input: Parameters<typeof signInWithWidget>[1]) => signInWithWidget(ports, input),
      signInWithIdp: (input: Parameters<typeof signInWithIdp>[1]) => signInWithIdp(ports, input),
      signInStaff: (input: Parameters<typeof signInStaff>[1]) => signInStaff(ports, input),
      startGuest: (input: Parameters<typeof startGuest>[1]) => startGuest(ports, input),
    },
    passwordReset: createPasswordReset({ ...deps, staff, resetTokens, sessions, staffLogin, linkMails }),
    staffAccounts: createStaffAccounts({ ...deps, staff, sessions, linkMails }),
    profile: createProfileUpdate({ ...deps, customers, staff, emailChanges, linkMails }),
    accountDeletion: buildAccountDeletion(deps),
    now: () => new Date(deps.clock.now()),
  };
}

/** What route plugins receive. */
export type AuthWiring = ReturnType<typeof buildWiring>;
