/**
 * Instant revocation on real processes: two gateway replicas in front of one auth (the system's
 * own gateway plus a second one started here), a guest session signed out through one of them,
 * and both refusing its still-unexpired access token within 5 s (and every service that reads
 * tokens itself, reached directly: each reads the same feed); once on the embedded stores and
 * once with auth and both gateways on a real Redis (shared rate limits, auth's counters).
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import type { Subprocess } from 'bun';
import { freePort, pollUntil, type RunningSystem, realRedisUnderTest, repoRoot, SYSTEM_PROCESSES, type SystemProcess, startSystem } from './support/system.ts';

function revocationStory(name: string, storeEnv: () => Record<string, string>, cleanup: () => Promise<void> = async () => {}) {
  describe(`a revoked session at two gateway replicas (${name})`, () => {
    let sys: RunningSystem;
    let second: Subprocess;
    let gateways: string[] = [];

    beforeAll(async () => {
      sys = await startSystem(storeEnv());
      const port = freePort();
      second = Bun.spawn([process.execPath, 'services/gateway/src/main.ts'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          MONGODB_URL: '',
          REDIS_URL: '',
          ...storeEnv(),
          NODE_ENV: 'development',
          HOST: '127.0.0.1',
          PORT: String(port),
          // A replica of the gateway: the gateway's credential, which auth accepts on its revocation feed.
          SERVICE_CREDENTIAL: sys.credentials.gateway,
          ...Object.fromEntries(SYSTEM_PROCESSES.filter((name) => name !== 'gateway').map((name) => [`${name.toUpperCase()}_URL`, sys.urls[name]])),
          RATE_LIMIT_ANON: '100000',
          RATE_LIMIT_AUTHENTICATED: '100000',
          RATE_LIMIT_AUTH_ROUTES: '100000',
        },
        stdout: 'ignore',
        stderr: 'ignore',
      });
      const url = `http://127.0.0.1:${port}`;
      await pollUntil(async () => ((await fetch(`${url}/healthz`).catch(() => null))?.ok ? true : undefined), 20_000, 'the second gateway');
      gateways = [sys.gateway, url];
    }, 60_000);

    afterAll(async () => {
      second?.kill('SIGTERM');
      await second?.exited;
      await sys?.stop();
      await cleanup();
    });

    /** Status of a protected request (bookings: guests may) with this token at one gateway. */
    const statusAt = async (gateway: string, token: string) =>
      (await fetch(`${gateway}/api/bookings`, { headers: { authorization: `Bearer ${token}` } })).status;

    it('is refused by both within 5 s of signing out through one of them', async () => {
      const guest = (await (await fetch(`${gateways[0]}/api/auth/guest-access`, { method: 'POST' })).json()).data as { accessToken: string };
      // Both replicas accept the token while the session lives (once their revocation view is fresh: not 503).
      for (const gw of gateways) {
        const status = await pollUntil(
          async () => {
            const s = await statusAt(gw, guest.accessToken);
            return s === 503 ? undefined : s;
          },
          10_000,
          `a fresh revocation view at ${gw}`,
        );
        expect(status).not.toBe(401);
      }
      const out = await fetch(`${gateways[1]}/api/account/sign-out`, { method: 'POST', headers: { authorization: `Bearer ${guest.accessToken}` } });
      expect(out.status).toBe(200);
      const signedOutAt = Date.now();
      const refusedAfter = await Promise.all(
        gateways.map((gw) =>
          pollUntil(async () => ((await statusAt(gw, guest.accessToken)) === 401 ? Date.now() - signedOutAt : undefined), 5_000, `401 at ${gw}`),
        ),
      );
      for (const ms of refusedAfter) expect(ms).toBeLessThan(5_000);
      // Still refused afterwards (not a one-off), with the envelope.
      for (const gw of gateways) {
        const res = await fetch(`${gw}/api/bookings`, { headers: { authorization: `Bearer ${guest.accessToken}` } });
        expect(res.status).toBe(401);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
      }
    });

    it('is refused by every service that reads tokens itself, reached directly (no gateway in front), within 5 s as well', async () => {
      // A route of each that reads the caller's token: the answer before sign-out may be any but 401 (a guest may be refused a role).
      const routes: [SystemProcess, string, RequestInit][] = [
        ['bookings', '/bookings', {}],
        ['messaging', '/chat/conversations', {}],
        ['content', '/legal/pending', {}],
        ['reviews', '/reviews/mine', {}],
        ['search', '/search/misses', {}],
        ['growth', '/consents?anonymousId=e2e-phone', {}],
        ['assistant', '/chatbot/sessions', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }],
      ];
      const direct = async (token: string, [service, path, init]: (typeof routes)[number]) =>
        (
          await fetch(`${sys.urls[service]}${path}`, {
            ...init,
            headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
          })
        ).status;
      const guest = (await (await fetch(`${gateways[0]}/api/auth/guest-access`, { method: 'POST' })).json()).data as { accessToken: string };
      for (const route of routes) {
        const before = await pollUntil(
          async () => {
            const s = await direct(guest.accessToken, route);
            return s === 503 ? undefined : s;
          },
          10_000,
          `a fresh revocation view at ${route[0]}`,
        );
        expect({ service: route[0], before }).not.toEqual({ service: route[0], before: 401 });
      }
      expect((await fetch(`${gateways[0]}/api/account/sign-out`, { method: 'POST', headers: { authorization: `Bearer ${guest.accessToken}` } })).status).toBe(
        200,
      );
      const signedOutAt = Date.now();
      // Refused within 5 s: 401, or 503 while that service's copy of the feed is older than its
      // staleness bound (docs/account.md: "refused within 5 s or nothing"; on a loaded machine a
      // poll can be late), never served.
      const refusedAfter = await Promise.all(
        routes.map((route) =>
          pollUntil(
            async () => ([401, 503].includes(await direct(guest.accessToken, route)) ? Date.now() - signedOutAt : undefined),
            5_000,
            `a refusal at ${route[0]}`,
          ),
        ),
      );
      for (const ms of refusedAfter) expect(ms).toBeLessThan(5_000);
      // And each then reads the revocation itself: 401, the session's own answer.
      for (const route of routes)
        await pollUntil(async () => ((await direct(guest.accessToken, route)) === 401 ? true : undefined), 10_000, `401 at ${route[0]}`);
    });
  });
}

revocationStory('embedded stores', () => ({}));

const realRedis = realRedisUnderTest('revocation');
revocationStory('real Redis', realRedis.env, realRedis.cleanup);
