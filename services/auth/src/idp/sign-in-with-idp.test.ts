import { describe, expect, it } from 'bun:test';
import { createManualClock, DomainError } from '@tm/shared';
import type { CustomerDoc } from '../customers/customer-repository.ts';
import { fakeSessions } from '../testing/sign-in-fakes.ts';
import type { IdpIdentity } from './idp-verifier.ts';
import { signInWithIdp } from './sign-in-with-idp.ts';

function setup(identity: IdpIdentity | Error, known: CustomerDoc | null = null) {
  const clock = createManualClock(Date.UTC(2026, 2, 3));
  const sessions = fakeSessions();
  const created: { iss: string; sub: string; email: string | undefined; now: Date }[] = [];
  const customers = {
    findByIdentity: async () => known,
    async findOrCreateByIdentity(iss: string, sub: string, email: string | undefined, now: Date): Promise<CustomerDoc> {
      created.push({ iss, sub, email, now });
      return { _id: 'new-customer', ...(email ? { email } : {}), createdAt: now, updatedAt: now };
    },
  };
  const idp = {
    verify: async () => {
      if (identity instanceof Error) throw identity;
      return identity;
    },
  };
  return { ports: { idp, customers, sessions, clock }, sessions, created };
}

const identity: IdpIdentity = { iss: 'https://idp.example', sub: 'u-1', email: 'ana@example.com', emailVerified: true };

describe('signInWithIdp', () => {
  it('signs a known identity in as its customer, whatever the email says now', async () => {
    const existing = { _id: 'c-known', createdAt: new Date(0), updatedAt: new Date(0) };
    const { ports, sessions, created } = setup({ ...identity, emailVerified: false }, existing);
    const session = await signInWithIdp(ports, { idToken: 'id-token' });
    expect(session.user).toEqual({ id: 'c-known', role: 'customer' });
    expect(sessions.started).toEqual([{ id: 'c-known', kind: 'customer', role: 'customer' }]);
    expect(created).toEqual([]);
  });

  it('links or creates the customer of a first sign-in with a verified email, at the clock time', async () => {
    const { ports, created } = setup(identity);
    const session = await signInWithIdp(ports, { idToken: 'id-token' });
    expect(session.user.id).toBe('new-customer');
    expect(created).toEqual([{ iss: 'https://idp.example', sub: 'u-1', email: 'ana@example.com', now: new Date(Date.UTC(2026, 2, 3)) }]);
  });

  it("stores a first sign-in's email in its normalised lower-case form", async () => {
    const { ports, created } = setup({ ...identity, email: ' Ana@Example.COM ' });
    await signInWithIdp(ports, { idToken: 'id-token' });
    expect(created[0]?.email).toBe('ana@example.com');
  });

  it('creates a customer without email when the token carries none', async () => {
    const { ports, created } = setup({ iss: 'https://idp.example', sub: 'u-2', emailVerified: false });
    await signInWithIdp(ports, { idToken: 'id-token' });
    expect(created[0]?.email).toBeUndefined();
  });

  it('refuses a first sign-in with an unverified email (EMAIL_NOT_VERIFIED), creating nobody', async () => {
    const { ports, sessions, created } = setup({ ...identity, emailVerified: false });
    await expect(signInWithIdp(ports, { idToken: 'id-token' })).rejects.toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(created).toEqual([]);
    expect(sessions.started).toEqual([]);
  });

  it('passes a bad token on as the verifier refused it', async () => {
    const { ports, sessions } = setup(new DomainError('INVALID_ID_TOKEN', 'bad'));
    await expect(signInWithIdp(ports, { idToken: 'forged' })).rejects.toMatchObject({ code: 'INVALID_ID_TOKEN' });
    expect(sessions.started).toEqual([]);
  });
});
