import type { AuthSession } from '../sessions/session-service.ts';
import { type CustomerSignInPorts, type SignInContext, startCustomerSession } from '../sign-in/ports.ts';
import type { OtpService } from './otp-service.ts';

/** Use case: the SMS code proves the number; its customer (created on first sign-in) gets a session. INVALID_OTP otherwise. */
export async function signInWithOtp(
  ports: CustomerSignInPorts & { otp: Pick<OtpService, 'verify'> },
  input: { mobile: string; otp: string } & SignInContext,
): Promise<AuthSession> {
  const mobile = await ports.otp.verify(input.mobile, input.otp);
  return startCustomerSession(ports, mobile, input);
}
