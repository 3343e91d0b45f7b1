import { afterAll, describe, expect, it } from 'bun:test';
import { createMemoryLogger } from '@tm/shared';
import { createRevocationView } from '@tm/shared/tokens/revocations';
import { type BookingsUnderTest, createBookingsUnderTest } from '../testing/bookings-under-test.ts';

/** A stand-in for auth's revocation feed: names `revoked`, fails while `down`. */
const feed = { down: false, revoked: [] as { sid: string; until: number }[] };
const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch() {
    if (feed.down) return new Response('down', { status: 503 });
    return Response.json({ success: true, data: { revoked: feed.revoked, next: 0, more: false } });
  },
});
afterAll(() => server.stop(true));

/** Bookings as deployed alone: its token verifier over its own copy of auth's revocation feed (the shared code, as main.ts builds it). */
async function bookingsAlone(): Promise<{ t: BookingsUnderTest; refresh: () => Promise<boolean> }> {
  let view: ReturnType<typeof createRevocationView> | undefined;
  const t = await createBookingsUnderTest({
    revocations: (clock) => {
      view = createRevocationView({ authUrl: `http://127.0.0.1:${server.port}`, fetch, clock, logger: createMemoryLogger('bookings'), autoStart: false });
      return view;
    },
  });
  return { t, refresh: () => (view as NonNullable<typeof view>).refresh() };
}

const list = (t: BookingsUnderTest, token: string) => t.call('GET', '/bookings', { token });

describe('tokens at bookings reached directly (not through the gateway)', () => {
  it("refuses a signed-out session's still-unexpired access token with 401 UNAUTHORIZED, and takes a live one", async () => {
    const { t, refresh } = await bookingsAlone();
    const out = await t.tokenFor('customer');
    const live = await t.tokenFor('customer');
    feed.revoked = [{ sid: `s-${out.sub}`, until: t.clock.now() + 900_000 }];
    expect(await refresh()).toBe(true);
    const refused = await list(t, out.token);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('UNAUTHORIZED');
    expect((await list(t, live.token)).status).toBe(200);
  });

  it('answers 503 UPSTREAM_UNAVAILABLE while its copy of the feed is unread or older than the staleness bound (4 s by default), never a pass', async () => {
    const { t, refresh } = await bookingsAlone();
    const live = await t.tokenFor('customer');
    expect((await list(t, live.token)).body.error.code).toBe('UPSTREAM_UNAVAILABLE');
    feed.revoked = [];
    await refresh();
    expect((await list(t, live.token)).status).toBe(200);
    feed.down = true;
    try {
      expect(await refresh()).toBe(false);
      t.clock.advance(3_999);
      expect((await list(t, live.token)).status).toBe(200);
      t.clock.advance(2);
      const stale = await list(t, live.token);
      expect(stale.status).toBe(503);
      expect(stale.body.error.code).toBe('UPSTREAM_UNAVAILABLE');
    } finally {
      feed.down = false;
    }
  });
});
