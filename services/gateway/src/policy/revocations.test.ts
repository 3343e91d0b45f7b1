import { afterAll, describe, expect, it } from 'bun:test';
import { createManualClock, createMemoryLogger } from '@tm/shared';
import { startRevocationFeed } from '@tm/shared/testing';
import { gatewayTestPeers, req } from '../testing/gateway.ts';
import { createRevocationView } from './revocations.ts';

const env = gatewayTestPeers();

const feed = startRevocationFeed();
afterAll(() => feed.stop());

function view(clock = createManualClock(Date.now())) {
  const v = createRevocationView({ authUrl: feed.url, fetch, clock, logger: createMemoryLogger('gateway'), autoStart: false, maxStalenessMs: 4000 });
  return { v, clock };
}

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

  it('keeps /readyz 503 until the first read of the feed, then 200; auth away later makes it degraded, not unready', async () => {
    const clock = createManualClock(Date.now());
    const { v } = view(clock);
    const gw = env.gateway({ revocations: v });
    const readiness = async () => {
      const res = await gw.handle(req('/readyz'));
      const body = (await res.json()) as { status: string; dependencies: Record<string, { status: string; required: boolean }> };
      return [res.status, body.status, body.dependencies.revocations];
    };
    feed.state.down = true;
    try {
      await v.refresh();
      expect(await readiness()).toEqual([503, 'unavailable', { status: 'down', required: true, kind: 'auth feed' }]);
    } finally {
      feed.state.down = false;
    }
    await v.refresh();
    expect(await readiness()).toEqual([200, 'ready', { status: 'up', required: false, kind: 'auth feed' }]);
    clock.advance(5000);
    expect(await readiness()).toEqual([200, 'degraded', { status: 'down', required: false, kind: 'auth feed' }]);
  });
});
