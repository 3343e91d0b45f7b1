import { afterAll, describe, expect, it } from 'bun:test';
import { revokedSessionsView } from '@tm/shared/testing';
import { createAssistantUnderTest } from './testing.ts';

// Auth's feed names one session revoked: the assistant reached directly (a replica behind an internal LB) must refuse it as the gateway does.
const revoked = await revokedSessionsView(['s-u-gone']);
afterAll(() => revoked.stop());
const t = await createAssistantUnderTest({ revocations: revoked.view });

describe('the assistant reached directly, past the gateway', () => {
  it("answers 401 to a signed-out session's token (never reading it as anonymous), and serves live sessions", async () => {
    const open = (token: string) => t.call('POST', '/chatbot/sessions', { body: {}, headers: { authorization: `Bearer ${token}` } });
    expect((await open(await t.tokenFor('u-live'))).status).toBe(201);
    const gone = await open(await t.tokenFor('u-gone'));
    expect(gone.status).toBe(401);
    expect(gone.body.error.code).toBe('UNAUTHORIZED');
  });
});
