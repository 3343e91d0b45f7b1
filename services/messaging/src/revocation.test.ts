import { afterAll, describe, expect, it } from 'bun:test';
import { revokedSessionsView } from '@tm/shared/testing';
import { createMessagingUnderTest } from './testing.ts';

// Auth's feed names the customer's session revoked: messaging reached directly (its stream, a replica behind an internal LB) must refuse it as the gateway does.
const revoked = await revokedSessionsView(['s-cust-1']);
afterAll(() => revoked.stop());
const t = await createMessagingUnderTest({ revocations: revoked.view });
t.addBooking('b1');

describe('messaging reached directly, past the gateway', () => {
  it("answers 401 to a signed-out session's token on the messages, the stream ticket and the stream, and serves live sessions", async () => {
    expect((await t.call('GET', '/chat/b1/messages', { token: t.tokens.pm })).status).toBe(200);
    const messages = await t.call('GET', '/chat/b1/messages', { token: t.tokens.customer });
    expect(messages.status).toBe(401);
    expect(messages.body.error.code).toBe('UNAUTHORIZED');
    expect((await t.call('POST', '/chat/stream-tickets', { token: t.tokens.customer, body: { bookingId: 'b1' } })).status).toBe(401);
    expect((await t.call('GET', '/chat/b1/stream', { token: t.tokens.customer })).status).toBe(401);
  });
});
