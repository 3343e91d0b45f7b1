import { DomainError } from '@tm/shared';
import type { CustomerDoc, CustomerRepository } from '../customers/customer-repository.ts';
import type { IdTokenVerifier } from './idp-verifier.ts';

/**
 * The customer behind an IdP ID token. A known (iss, sub) signs in as is. A first sign-in may
 * only use an email the IdP verified: an unverified one is refused (EMAIL_NOT_VERIFIED) rather
 * than silently dropped, so nobody ends up with an account they cannot recognise, and it is
 * never used to link to an existing customer.
 */
export async function signInWithIdp(deps: { idp: IdTokenVerifier; customers: CustomerRepository }, idToken: string, now: Date): Promise<CustomerDoc> {
  const identity = await deps.idp.verify(idToken);
  const known = await deps.customers.findByIdentity(identity.iss, identity.sub);
  if (known) return known;
  if (identity.email && !identity.emailVerified) {
    throw new DomainError('EMAIL_NOT_VERIFIED', 'The identity provider has not verified this email address');
  }
  // Emails are stored in their normalised (lower-case) form, the one the unique index compares.
  return deps.customers.findOrCreateByIdentity(identity.iss, identity.sub, identity.email?.trim().toLowerCase(), now);
}
