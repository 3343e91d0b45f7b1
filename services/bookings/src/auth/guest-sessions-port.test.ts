import { afterAll, describe, expect, it } from 'bun:test';
import { GUEST_SESSION_CHECK_PATH, GUEST_SESSION_END_PATH } from '@tm/contracts';
import { createMemoryLogger, DomainError } from '@tm/shared';
import { createHttpGuestSessions } from './guest-sessions-port.ts';

/** A stand-in of auth's guest hand-over over real HTTP: one live token, `down` answers 503. */
const auth = { down: false, live: new Set(['live-token']), asked: [] as string[] };
const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  async fetch(req) {
    const path = new URL(req.url).pathname;
    const { refreshToken } = (await req.json()) as { refreshToken: string };
    auth.asked.push(`${path} ${refreshToken}`);
    if (auth.down) return Response.json({ success: false, error: { code: 'SERVICE_UNAVAILABLE', message: 'down' } }, { status: 503 });
    if (path === GUEST_SESSION_END_PATH) return Response.json({ success: true, data: { ended: auth.live.delete(refreshToken) } });
    if (path === GUEST_SESSION_CHECK_PATH && auth.live.has(refreshToken)) return Response.json({ success: true, data: { guestId: 'g1', sessionId: 's1' } });
    return Response.json({ success: false, error: { code: 'INVALID_REFRESH_TOKEN', message: 'no' } }, { status: 400 });
  },
});
afterAll(() => server.stop(true));

const guests = createHttpGuestSessions({ baseUrl: `http://127.0.0.1:${server.port}`, timeoutMs: 500, logger: createMemoryLogger('bookings') });

describe("auth's guest hand-over over HTTP", () => {
  it('answers the live session, null for a token auth refuses, and ends a session', async () => {
    expect(await guests.live('live-token')).toEqual({ guestId: 'g1', sessionId: 's1' });
    expect(await guests.live('signed-out-token')).toBeNull();
    await guests.end('live-token');
    expect(await guests.live('live-token')).toBeNull();
    expect(auth.asked).toContain(`${GUEST_SESSION_END_PATH} live-token`);
  });

  it('throws 503 UPSTREAM_UNAVAILABLE when auth cannot answer, never "not live"', async () => {
    auth.down = true;
    const err = await guests.live('live-token').catch((e: unknown) => e);
    auth.down = false;
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).code).toBe('UPSTREAM_UNAVAILABLE');
  });
});
