import { afterAll, describe, expect, it } from 'bun:test';
import { revokedSessionsView } from '@tm/shared/testing';
import { createGrowthUnderTest } from './testing.ts';

// Auth's feed names one session revoked: growth reached directly (a replica behind an internal LB) must refuse it as the gateway does.
const revoked = await revokedSessionsView(['s-admin-gone', 's-customer-gone']);
afterAll(() => revoked.stop());
const t = await createGrowthUnderTest({ revocations: revoked.view });

describe('growth reached directly, past the gateway', () => {
  it("answers 401 to a signed-out session's token on admin and optional-caller routes, and serves live sessions", async () => {
    const live = await t.tokenFor('admin');
    expect((await t.call('GET', '/leads', { token: live.token })).status).toBe(200);
    const gone = await t.tokenFor('admin', 'admin-gone');
    const leads = await t.call('GET', '/leads', { token: gone.token });
    expect(leads.status).toBe(401);
    expect(leads.body.error.code).toBe('UNAUTHORIZED');
    // An optional caller: a revoked token is not silently read as anonymous either.
    const customer = await t.tokenFor('customer', 'customer-gone');
    expect((await t.call('GET', '/consents?anonymousId=phone-1', { token: customer.token })).status).toBe(401);
    expect((await t.call('GET', '/consents?anonymousId=phone-1', { token: (await t.tokenFor('customer')).token })).status).toBe(200);
  });
});

describe('growth while auth cannot be asked (the copy of the feed too old to tell)', () => {
  it('serves a signed-in caller on public routes as anyone, and answers 503 where a caller is required', async () => {
    const unsure = await createGrowthUnderTest({ revocations: { isRevoked: () => false, isFresh: () => false } });
    const customer = await unsure.tokenFor('customer');
    const consents = await unsure.call('GET', '/consents?anonymousId=phone-1', { token: customer.token });
    expect(consents.status).toBe(200);
    const admin = await unsure.call('GET', '/leads', { token: (await unsure.tokenFor('admin')).token });
    expect(admin.status).toBe(503);
    expect(admin.body.error.code).toBe('UPSTREAM_UNAVAILABLE');
  });
});
