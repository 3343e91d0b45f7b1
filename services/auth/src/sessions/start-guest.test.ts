import { describe, expect, it } from 'bun:test';
import { DomainError } from '@tm/shared';
import { fakeSessions } from '../testing/sign-in-fakes.ts';
import { startGuest } from './start-guest.ts';

describe('startGuest', () => {
  it('admits the client IP, then opens a guest session for a new guest id', async () => {
    const sessions = fakeSessions();
    const admitted: string[] = [];
    const ids = ['g-1', 'g-2'];
    const ports = { guests: { admit: async (ip: string) => void admitted.push(ip) }, sessions, newGuestId: () => ids.shift() ?? 'none' };
    expect((await startGuest(ports, { clientIp: '203.0.113.7' })).user).toEqual({ id: 'g-1', role: 'guest' });
    expect((await startGuest(ports, { clientIp: '203.0.113.7' })).user).toEqual({ id: 'g-2', role: 'guest' });
    expect(admitted).toEqual(['203.0.113.7', '203.0.113.7']);
    expect(sessions.started.map((s) => s.kind)).toEqual(['guest', 'guest']);
  });

  it('gives each guest a distinct random id by default', async () => {
    const sessions = fakeSessions();
    const ports = { guests: { admit: async () => {} }, sessions };
    const [a, b] = await Promise.all([startGuest(ports, { clientIp: '::1' }), startGuest(ports, { clientIp: '::1' })]);
    expect(a.user.id).not.toBe(b.user.id);
  });

  it('opens no session past the guest cap (GUEST_LIMIT)', async () => {
    const sessions = fakeSessions();
    const ports = {
      guests: {
        admit: async () => {
          throw new DomainError('GUEST_LIMIT', 'too many', 60);
        },
      },
      sessions,
    };
    await expect(startGuest(ports, { clientIp: '203.0.113.7' })).rejects.toMatchObject({ code: 'GUEST_LIMIT', retryAfterS: 60 });
    expect(sessions.started).toEqual([]);
  });
});
