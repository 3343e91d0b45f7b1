import { afterAll, describe, expect, it } from 'bun:test';
import { revokedSessionsView } from '@tm/shared/testing';
import { createSearchUnderTest } from './testing.ts';

// Auth's feed names one session revoked: search reached directly (a replica behind an internal LB) must refuse it as the gateway does.
const revoked = await revokedSessionsView(['s-admin-1']);
afterAll(() => revoked.stop());
const t = await createSearchUnderTest({ revocations: revoked.view });

describe('search reached directly, past the gateway', () => {
  it("answers 401 to a signed-out admin's token on GET /search/misses, and serves a live admin", async () => {
    const gone = await t.call('GET', '/search/misses', { token: await t.tokenFor('admin') });
    expect(gone.status).toBe(401);
    expect(gone.body.error.code).toBe('UNAUTHORIZED');
    expect((await t.call('GET', '/search/misses', { token: await t.tokenFor('admin') })).status).toBe(200);
  });
});
