import type { Clock } from '@tm/shared';
import type { CustomerDoc } from '../customers/customer-repository.ts';
import type { AuthSession, SessionContext, SessionService } from '../sessions/session-service.ts';

/** Opens a session for a subject and mints its tokens (the session service's `start`). */
export type SessionStarter = Pick<SessionService, 'start'>;

/** Finds or creates the customer owning a verified mobile. */
export interface CustomersByMobile {
  findOrCreateByMobile(mobile: string, now: Date): Promise<CustomerDoc>;
}

/** What every customer sign-in needs besides its own proof. */
export interface CustomerSignInPorts {
  customers: CustomersByMobile;
  sessions: SessionStarter;
  clock: Clock;
}

/** What a sign-in records about the client on its session (the session list shows it). */
export interface SignInContext {
  userAgent?: string | null | undefined;
}

/** The session context a use case passes on: only what the client sent. */
export function sessionContext(input: SignInContext): SessionContext {
  return input.userAgent ? { userAgent: input.userAgent } : {};
}

/** Signs the customer owning `mobile` in (created on first sign-in). */
export async function startCustomerSession(ports: CustomerSignInPorts, mobile: string, context: SignInContext = {}): Promise<AuthSession> {
  const customer = await ports.customers.findOrCreateByMobile(mobile, new Date(ports.clock.now()));
  return ports.sessions.start({ id: customer._id, kind: 'customer', role: 'customer' }, sessionContext(context));
}
