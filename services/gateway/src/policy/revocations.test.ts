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
});
