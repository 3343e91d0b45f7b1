import { afterAll, describe, expect, it } from 'bun:test';
import { createManualClock, createMemoryLogger } from '@tm/shared';
import { gatewayTestPeers, req } from '../testing/gateway.ts';
import { createRevocationView } from './revocations.ts';

const env = gatewayTestPeers();

/** A stand-in for auth's revocation feed: serves `revoked`, or fails while `down`. */
function startFeed() {
  const state = { down: false, revoked: [] as { sid: string; until: number }[], asked: [] as string[] };
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request) {
      const url = new URL(request.url);
      if (url.pathname !== '/internal/revocations') return new Response('no', { status: 404 });
      state.asked.push(url.searchParams.get('since') ?? '');
      if (state.down) return new Response('down', { status: 503 });
      return Response.json({ success: true, data: { revoked: state.revoked, next: 1234, more: false } });
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, state, stop: () => server.stop(true) };
}

const feed = startFeed();
afterAll(() => feed.stop());

function view(clock = createManualClock(Date.now())) {
  const v = createRevocationView({ authUrl: feed.url, fetch, clock, logger: createMemoryLogger('gateway'), autoStart: false, maxStalenessMs: 4000 });
  return { v, clock };
}

describe('the revocation view', () => {
  it('is not fresh before its first read, and holds what the feed names after it', async () => {
    feed.state.revoked = [{ sid: 's-1', until: Date.now() + 900_000 }];
    const { v } = view();
    expect(v.isFresh()).toBe(false);
    expect(await v.refresh()).toBe(true);
    expect(v.isFresh()).toBe(true);
    expect(v.isRevoked('s-1')).toBe(true);
    expect(v.isRevoked('s-2')).toBe(false);
  });

  it('asks from the cursor the feed answered with', async () => {
    const { v } = view();
    feed.state.asked.length = 0;
    await v.refresh();
    await v.refresh();
    expect(feed.state.asked).toEqual(['0', '1234']);
  });

  it('keeps what it knows while the feed is away and turns stale past its bound', async () => {
    feed.state.revoked = [{ sid: 's-3', until: Date.now() + 900_000 }];
    const { v, clock } = view();
    await v.refresh();
    feed.state.down = true;
    try {
      expect(await v.refresh()).toBe(false);
      clock.advance(3000);
      expect(v.isFresh()).toBe(true);
      expect(v.isRevoked('s-3')).toBe(true);
      clock.advance(1500);
      expect(v.isFresh()).toBe(false);
    } finally {
      feed.state.down = false;
    }
    expect(await v.refresh()).toBe(true);
    expect(v.isFresh()).toBe(true);
  });

  it('forgets a session once no access token of it can be valid any more', async () => {
    const now = Date.now();
    feed.state.revoked = [{ sid: 'old', until: now - 120_000 }];
    const { v } = view(createManualClock(now));
    await v.refresh();
    expect(v.isRevoked('old')).toBe(false);
  });

  it('refuses a feed answer of the wrong shape (stays stale)', async () => {
    feed.state.revoked = [{ sid: 42 } as never];
    const { v } = view();
    expect(await v.refresh()).toBe(false);
    expect(v.isFresh()).toBe(false);
  });
});

describe('protected routes behind the revocation view', () => {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('refuses a revoked session with 401, lets others through, and answers 503 while the view is stale', async () => {
    feed.state.revoked = [{ sid: 'gone', until: Date.now() + 900_000 }];
    const clock = createManualClock(Date.now());
    const { v } = view(clock);
    await v.refresh();
    const gw = env.gateway({ revocations: v });
    const revoked = await gw.handle(req('/api/account/me', { headers: bearer(await env.issuer.mint({ sid: 'gone' })) }));
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    expect(((await revoked.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
    const live = await env.issuer.mint({ sid: 'live' });
    expect((await gw.handle(req('/api/account/me', { headers: bearer(live) }))).status).not.toBe(401);
    clock.advance(5000);
    const stale = await gw.handle(req('/api/account/me', { headers: bearer(live) }));
    expect(stale.status).toBe(503);
    expect(((await stale.json()) as { error: { code: string } }).error.code).toBe('UPSTREAM_UNAVAILABLE');
    // Public routes do not depend on the view.
    expect((await gw.handle(req('/api/services/x', { headers: bearer(live) }))).status).not.toBe(503);
  });
});
