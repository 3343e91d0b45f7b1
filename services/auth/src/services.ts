import { createCustomerRepository } from './customers/customer-repository.ts';
import type { AuthDeps } from './deps.ts';
import { signInWithIdp } from './idp/sign-in-with-idp.ts';
import { createOtpService } from './otp/otp-service.ts';
import { signInWithOtp } from './otp/sign-in-with-otp.ts';
import { admitGuest } from './sessions/guest-policy.ts';
import { createSessionRepository } from './sessions/session-repository.ts';
import { createSessionService } from './sessions/session-service.ts';
import { startGuest } from './sessions/start-guest.ts';
import { createPasswordReset } from './staff/password-reset.ts';
import { createResetTokenRepository } from './staff/reset-token-repository.ts';
import { signInStaff } from './staff/sign-in-staff.ts';
import { createStaffLogin } from './staff/staff-login.ts';
import { createStaffRepository } from './staff/staff-repository.ts';
import { createTokenService } from './tokens/token-service.ts';
import { signInWithWidget } from './widget/sign-in-with-widget.ts';
import { createWidgetService } from './widget/widget-service.ts';

/** The repositories and domain services of auth, wired once from its deps. */
export function buildServices(deps: AuthDeps) {
  const sessions = createSessionRepository(deps.documents);
  const customers = createCustomerRepository(deps.documents);
  const staff = createStaffRepository(deps.documents);
  const resetTokens = createResetTokenRepository(deps.documents);
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
    repositories: { sessions, customers, staff, resetTokens },
    tokens,
    sessions: sessionService,
    otp,
    widget,
    staffLogin,
    /** The sign-in use cases, bound to their ports: routes validate, call one of these and map. */
    useCases: {
      signInWithOtp: (input: { mobile: string; otp: string }) => signInWithOtp(ports, input),
      signInWithWidget: (input: { token: string }) => signInWithWidget(ports, input),
      signInWithIdp: (input: { idToken: string }) => signInWithIdp(ports, input),
      signInStaff: (input: { identifier: string; password: string }) => signInStaff(ports, input),
      startGuest: (input: { clientIp: string }) => startGuest(ports, input),
    },
    passwordReset: createPasswordReset({ ...deps, staff, resetTokens, sessions, staffLogin }),
    now: () => new Date(deps.clock.now()),
  };
}

/** What route plugins receive. */
export type AuthServices = ReturnType<typeof buildServices>;
