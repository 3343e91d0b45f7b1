import { describe, expect, it } from 'bun:test';
import { createManualClock, DomainError } from '@tm/shared';
import { fakeCustomers, fakeSessions } from '../testing/sign-in-fakes.ts';
import { signInWithWidget } from './sign-in-with-widget.ts';

function setup(numberFor: (token: string) => string) {
  const customers = fakeCustomers();
  const sessions = fakeSessions();
  const widget = { verify: async (token: string) => numberFor(token) };
  return { ports: { widget, customers, sessions, clock: createManualClock() }, customers, sessions };
}

describe('signInWithWidget', () => {
  it('signs in the customer owning the number the provider verified', async () => {
    const { ports, customers, sessions } = setup(() => '+971501234567');
    const session = await signInWithWidget(ports, { token: 'tok-1' });
    expect(session).toMatchObject({ tokenType: 'Bearer', user: { id: 'c1', role: 'customer' } });
    expect(customers.byMobile.get('+971501234567')?._id).toBe('c1');
    expect(sessions.started).toEqual([{ id: 'c1', kind: 'customer', role: 'customer' }]);
  });

  it('opens no session when the provider rejects the token', async () => {
    const { ports, sessions } = setup(() => {
      throw new DomainError('INVALID_WIDGET_TOKEN', 'rejected');
    });
    await expect(signInWithWidget(ports, { token: 'replayed' })).rejects.toMatchObject({ code: 'INVALID_WIDGET_TOKEN' });
    expect(sessions.started).toEqual([]);
  });
});
