import { afterAll, describe, expect, it } from 'bun:test';
import { revokedSessionsView } from '@tm/shared/testing';
import { createReviewsUnderTest } from './testing.ts';

// Auth's feed names one session revoked: reviews reached directly (a replica behind an internal LB) must refuse it as the gateway does.
const revoked = await revokedSessionsView(['s-customer-gone', 's-admin-gone']);
afterAll(() => revoked.stop());
const t = await createReviewsUnderTest({ revocations: revoked.view });

describe('reviews reached directly, past the gateway', () => {
  it("answers 401 to a signed-out session's token, and serves live sessions", async () => {
    expect((await t.call('GET', '/reviews/mine', { token: (await t.tokenFor('customer')).token })).status).toBe(200);
    const gone = await t.call('GET', '/reviews/mine', { token: (await t.tokenFor('customer', 'customer-gone')).token });
    expect(gone.status).toBe(401);
    expect(gone.body.error.code).toBe('UNAUTHORIZED');
    expect((await t.call('GET', '/reviews/moderation', { token: (await t.tokenFor('admin', 'admin-gone')).token })).status).toBe(401);
    expect((await t.call('GET', '/reviews/moderation', { token: (await t.tokenFor('admin')).token })).status).toBe(200);
  });
});
