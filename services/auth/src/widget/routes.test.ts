import { afterAll, describe, expect, it } from 'bun:test';
import { redisKeyValueStoreUnderTest } from '@tm/shared/testing';
import { createAuthUnderTest } from '../testing/auth-under-test.ts';
import { startWidgetVerifier } from '../testing/peers.ts';
import { createHttpWidgetVerifier } from './widget-verifier.ts';

const AUTH_KEY = 'widget-auth-key-for-tests';
const peer = startWidgetVerifier(AUTH_KEY);
const redis = redisKeyValueStoreUnderTest('auth');
afterAll(async () => {
  peer.stop();
  await redis.cleanup();
});

const setup = (kind: 'embedded' | 'redis' = 'embedded') =>
  createAuthUnderTest({
    widget: createHttpWidgetVerifier({ url: peer.url, authKey: AUTH_KEY, timeoutMs: 300 }),
    ...(kind === 'redis' ? { keyValue: redis.store } : {}),
  });

/** A token the peer will confirm for `digits`. */
const tokenFor = (digits: string) => {
  const token = `wt-${crypto.randomUUID()}`;
  peer.tokens.set(token, digits);
  return token;
};

for (const kind of ['embedded', 'redis'] as const) {
  describe(`SMS widget sign-in on ${kind}`, () => {
    it('signs in the customer whose number the provider verified', async () => {
      const { call } = await setup(kind);
      const res = await call('POST', '/auth/verify-widget-token', { body: { token: tokenFor('919812345678') } });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ tokenType: 'Bearer', user: { role: 'customer' } });
      expect(peer.calls.at(-1)).toMatchObject({ authkey: AUTH_KEY });
      const me = await call('GET', '/account/me', { headers: { authorization: `Bearer ${res.body.data.accessToken}` } });
      expect(me.body.data.mobile).toBe('+919812345678');
    });

    it('refuses a replayed token without asking the provider again', async () => {
      const { call } = await setup(kind);
      const token = tokenFor('+4915198765432');
      expect((await call('POST', '/auth/verify-widget-token', { body: { token } })).status).toBe(200);
      const calls = peer.calls.length;
      const replay = await call('POST', '/auth/verify-widget-token', { body: { token } });
      expect(replay.status).toBe(400);
      expect(replay.body.error?.code).toBe('INVALID_WIDGET_TOKEN');
      expect(peer.calls.length).toBe(calls);
    });

    it('lets only one of two concurrent uses of a token succeed', async () => {
      const { call } = await setup(kind);
      const token = tokenFor('+61412345678');
      const results = await Promise.all([
        call('POST', '/auth/verify-widget-token', { body: { token } }),
        call('POST', '/auth/verify-widget-token', { body: { token } }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    });
  });
}

describe('SMS widget failures', () => {
  it('answers a token the provider rejects with 400 INVALID_WIDGET_TOKEN', async () => {
    const { call } = await setup();
    const res = await call('POST', '/auth/verify-widget-token', { body: { token: 'unknown-token' } });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('INVALID_WIDGET_TOKEN');
  });

  it('fails closed with 400 WIDGET_PROVIDER_ERROR when the provider errors', async () => {
    const { call } = await setup();
    peer.state.mode = 'error';
    const res = await call('POST', '/auth/verify-widget-token', { body: { token: tokenFor('919812345678') } });
    peer.state.mode = 'normal';
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('WIDGET_PROVIDER_ERROR');
  });

  it('fails closed with 400 WIDGET_PROVIDER_ERROR when the provider times out', async () => {
    const { call } = await setup();
    peer.state.mode = 'hang';
    const res = await call('POST', '/auth/verify-widget-token', { body: { token: tokenFor('919812345678') } });
    peer.state.mode = 'normal';
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('WIDGET_PROVIDER_ERROR');
  });

  it('refuses a verified number outside the markets with 400 MOBILE_NOT_SUPPORTED', async () => {
    const { call } = await setup();
    const res = await call('POST', '/auth/verify-widget-token', { body: { token: tokenFor('447700900123') } });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('MOBILE_NOT_SUPPORTED');
  });

  it('answers 400 WIDGET_NOT_CONFIGURED when no provider is configured', async () => {
    const { call } = await createAuthUnderTest();
    const res = await call('POST', '/auth/verify-widget-token', { body: { token: 'anything' } });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('WIDGET_NOT_CONFIGURED');
  });

  it('refuses an empty token with 400 VALIDATION_FAILED', async () => {
    const { call } = await setup();
    const res = await call('POST', '/auth/verify-widget-token', { body: { token: '' } });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('VALIDATION_FAILED');
  });
});
