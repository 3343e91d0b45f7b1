import { describe, expect, it } from 'bun:test';
import { createManualClock, DomainError } from '@tm/shared';
import { fakeCustomers, fakeSessions } from '../testing/sign-in-fakes.ts';
import { signInWithOtp } from './sign-in-with-otp.ts';

function setup() {
  const clock = createManualClock(Date.UTC(2026, 5, 1, 12));
  const customers = fakeCustomers();
  const sessions = fakeSessions();
  const verified: [string, string][] = [];
  const otp = {
    async verify(mobile: string, code: string) {
      verified.push([mobile, code]);
      if (code !== '123456') throw new DomainError('INVALID_OTP', 'wrong');
      return mobile.trim();
    },
  };
  return { ports: { otp, customers, sessions, clock }, customers, sessions, verified, clock };
}

describe('signInWithOtp', () => {
  it('creates the customer of a first-time number at the clock time and opens a customer session', async () => {
    const { ports, customers, sessions } = setup();
    const session = await signInWithOtp(ports, { mobile: '+4915112345678', otp: '123456', userAgent: 'Mozilla/5.0' });
    expect(session.user).toEqual({ id: 'c1', role: 'customer' });
    expect(sessions.contexts).toEqual([{ userAgent: 'Mozilla/5.0' }]);
    expect(sessions.started).toEqual([{ id: 'c1', kind: 'customer', role: 'customer' }]);
    expect(customers.created).toEqual([new Date(Date.UTC(2026, 5, 1, 12))]);
  });

  it('signs a known number in as the same customer, creating nobody', async () => {
    const { ports, customers, clock } = setup();
    await signInWithOtp(ports, { mobile: '+4915112345678', otp: '123456' });
    clock.advance(60_000);
    const again = await signInWithOtp(ports, { mobile: '+4915112345678', otp: '123456' });
    expect(again.user.id).toBe('c1');
    expect(customers.created).toHaveLength(1);
  });

  it('uses the number the code proved, as the OTP service normalised it', async () => {
    const { ports, customers } = setup();
    await signInWithOtp(ports, { mobile: ' +4915112345678 ', otp: '123456' });
    expect([...customers.byMobile.keys()]).toEqual(['+4915112345678']);
  });

  it('opens no session and creates no customer when the code is wrong', async () => {
    const { ports, customers, sessions } = setup();
    await expect(signInWithOtp(ports, { mobile: '+4915112345678', otp: '000000' })).rejects.toMatchObject({ code: 'INVALID_OTP' });
    expect(sessions.started).toEqual([]);
    expect(customers.byMobile.size).toBe(0);
  });
});
