import type { AuthSession } from '../sessions/session-service.ts';
import { type SessionStarter, type SignInContext, sessionContext } from '../sign-in/ports.ts';
import type { StaffLogin } from './staff-login.ts';

/** Use case: a staff member's password (with lockout, see staff-login) opens a session with the account's current role. */
export async function signInStaff(
  ports: { staffLogin: Pick<StaffLogin, 'login'>; sessions: SessionStarter },
  input: { identifier: string; password: string } & SignInContext,
): Promise<AuthSession> {
  const account = await ports.staffLogin.login(input.identifier, input.password);
  return ports.sessions.start({ id: account._id, kind: 'staff', role: account.role }, sessionContext(input));
}
