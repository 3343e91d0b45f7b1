import { describe, expect, it } from 'bun:test';
import { DomainError } from '@tm/shared';
import { fakeSessions } from '../testing/sign-in-fakes.ts';
import { signInStaff } from './sign-in-staff.ts';
import type { StaffDoc } from './staff-repository.ts';

const pm: StaffDoc = { _id: 's-1', email: 'pm@example.com', role: 'pm', passwordHash: 'x', createdAt: new Date(0), updatedAt: new Date(0) };

function setup() {
  const sessions = fakeSessions();
  const tried: [string, string][] = [];
  const staffLogin = {
    async login(identifier: string, password: string) {
      tried.push([identifier, password]);
      if (identifier === 'pm@example.com' && password === 'correct horse battery') return pm;
      throw new DomainError('INVALID_CREDENTIALS', 'wrong');
    },
  };
  return { ports: { staffLogin, sessions }, sessions, tried };
}

describe('signInStaff', () => {
  it("opens a staff session with the account's role", async () => {
    const { ports, sessions, tried } = setup();
    const session = await signInStaff(ports, { identifier: 'pm@example.com', password: 'correct horse battery' });
    expect(session.user).toEqual({ id: 's-1', role: 'pm' });
    expect(sessions.started).toEqual([{ id: 's-1', kind: 'staff', role: 'pm' }]);
    expect(tried).toEqual([['pm@example.com', 'correct horse battery']]);
  });

  it("records the client's user agent on the session, and nothing when it sent none", async () => {
    const { ports, sessions } = setup();
    await signInStaff(ports, { identifier: 'pm@example.com', password: 'correct horse battery', userAgent: 'curl/8.5' });
    await signInStaff(ports, { identifier: 'pm@example.com', password: 'correct horse battery', userAgent: null });
    expect(sessions.contexts).toEqual([{ userAgent: 'curl/8.5' }, {}]);
  });

  it('opens no session when the login refuses the password', async () => {
    const { ports, sessions } = setup();
    await expect(signInStaff(ports, { identifier: 'pm@example.com', password: 'guess' })).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(sessions.started).toEqual([]);
  });
});
