import { type SessionStarter, type SignInContext, sessionContext } from '../sign-in/ports.ts';
import type { AuthSession } from './session-service.ts';

/** Use case: an anonymous guest session, once the client IP is within the guest cap (GUEST_LIMIT otherwise). */
export async function startGuest(
  ports: { guests: { admit(clientIp: string): Promise<void> }; sessions: SessionStarter; newGuestId?: () => string },
  input: { clientIp: string } & SignInContext,
): Promise<AuthSession> {
  await ports.guests.admit(input.clientIp);
  return ports.sessions.start({ id: (ports.newGuestId ?? crypto.randomUUID.bind(crypto))(), kind: 'guest', role: 'guest' }, sessionContext(input));
}
