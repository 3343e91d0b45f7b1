import { type Clock, DomainError } from '@tm/shared';
import type { CustomerRepository } from '../customers/customer-repository.ts';
import type { AuthSession } from '../sessions/session-service.ts';
import { type SessionStarter, type SignInContext, sessionContext } from '../sign-in/ports.ts';
import type { IdTokenVerifier } from './idp-verifier.ts';

/** What IdP sign-in needs. */
export interface IdpSignInPorts {
  idp: IdTokenVerifier;
  customers: Pick<CustomerRepository, 'findByIdentity' | 'findOrCreateByIdentity'>;
  sessions: SessionStarter;
  clock: Clock;
}

/**
 * Use case: the customer behind an IdP ID token gets a session. A known (iss, sub) signs in as
 * is. A first sign-in may only use an email the IdP verified: an unverified one is refused
 * (EMAIL_NOT_VERIFIED) rather than silently dropped, so nobody ends up with an account they
 * cannot recognise, and it is never used to link to an existing customer.
 */
export async function signInWithIdp(ports: IdpSignInPorts, input: { idToken: string } & SignInContext): Promise<AuthSession> {
  const identity = await ports.idp.verify(input.idToken);
  let customer = await ports.customers.findByIdentity(identity.iss, identity.sub);
  if (!customer) {
    if (identity.email && !identity.emailVerified) {
      throw new DomainError('EMAIL_NOT_VERIFIED', 'The identity provider has not verified this email address');
    }
    // Emails are stored in their normalised (lower-case) form, the one the unique index compares.
    const email = identity.email?.trim().toLowerCase();
    customer = await ports.customers.findOrCreateByIdentity(identity.iss, identity.sub, email, new Date(ports.clock.now()));
  }
  return ports.sessions.start({ id: customer._id, kind: 'customer', role: 'customer' }, sessionContext(input));
}
