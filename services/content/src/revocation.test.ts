import { afterAll, describe, expect, it } from 'bun:test';
import { revokedSessionsView } from '@tm/shared/testing';
import { createContentUnderTest } from './testing.ts';

// Auth's feed names two sessions revoked: content reached directly (a replica behind an internal LB, bookings' checkout gate) must refuse them as the gateway does.
const revoked = await revokedSessionsView(['s-customer-gone', 's-admin-gone']);
afterAll(() => revoked.stop());
const t = await createContentUnderTest({ revocations: revoked.view });

describe('content reached directly, past the gateway', () => {
  it("answers 401 to a signed-out session's token on a signed-in and an admin route, and serves live sessions", async () => {
    expect((await t.call('GET', '/legal/pending', { token: (await t.tokenFor('customer')).token })).status).toBe(200);
    const pending = await t.call('GET', '/legal/pending', { token: (await t.tokenFor('customer', 'customer-gone')).token });
    expect(pending.status).toBe(401);
    expect(pending.body.error.code).toBe('UNAUTHORIZED');
    const page = { slug: 'revoked-test', lang: 'en', title: 'T', body: 'B' };
    expect((await t.call('POST', '/content/pages', { token: (await t.tokenFor('admin', 'admin-gone')).token, body: page })).status).toBe(401);
  });
});
