import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createMessagingUnderTest, type MessagingUnderTest, readStream } from '@tm/messaging/testing';
import { waitFor } from '@tm/shared/testing';
import { remoteJwks } from '@tm/shared/tokens/verify';
import { req, testGateway } from '../testing/gateway.ts';
import { startTestIssuer, type TestIssuer } from '../testing/tokens.ts';

/**
 * The chat's stream (design/chat.md) through the gateway, against a real messaging app: relayed
 * unbuffered past the upstream timeout, with or without `Accept: text/event-stream`, and ended
 * at the service when the client goes away.
 */
let issuer: TestIssuer;
let messaging: MessagingUnderTest;
let server: ReturnType<MessagingUnderTest['app']['listen']>;
let base: string;

beforeAll(async () => {
  issuer = await startTestIssuer();
  messaging = await createMessagingUnderTest({
    heartbeatMs: 150,
    signing: {
      keys: remoteJwks({ url: issuer.jwksUrl }),
      tokenFor: (sub: string, role = 'customer', extra: { pid?: string } = {}) => issuer.mint({ sub, role, sid: `s-${sub}`, ...extra }),
    },
  });
  messaging.addBooking('b1');
  server = messaging.app.listen({ hostname: '127.0.0.1', port: 0, idleTimeout: 10 });
  base = `http://127.0.0.1:${server.server?.port}`;
});

afterAll(async () => {
  await server.stop(true);
  issuer.stop();
});

describe('the chat stream through the gateway', () => {
  for (const accept of ['text/event-stream', undefined]) {
    it(`relays heartbeats and messages as they come, past the upstream timeout (Accept: ${accept ?? 'none'}), and stops the service's stream when the client goes away`, async () => {
      const gateway = testGateway({ upstream: base, jwksUrl: issuer.jwksUrl, upstreamTimeoutMs: 100 });
      const res = await gateway.handle(
        req('/api/chat/b1/stream', { headers: { authorization: `Bearer ${messaging.tokens.pm}`, ...(accept ? { accept } : {}) } }),
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toStartWith('text/event-stream');
      const s = readStream(res);
      // Heartbeats at 150 ms: several arrive well past the 100 ms upstream timeout.
      await s.waitForPings(3, 3000);
      const sent = await gateway.handle(
        req('/api/chat/b1/messages', {
          method: 'POST',
          headers: { authorization: `Bearer ${messaging.tokens.customer}`, 'content-type': 'application/json' },
          body: JSON.stringify({ body: 'through the gateway', clientMessageId: `g-${accept ?? 'none'}` }),
        }),
      );
      expect(sent.status).toBe(201);
      const message = (await sent.json()).data;
      await s.waitFor(1, 2000);
      expect(s.events[0]).toEqual({ id: message.seq, event: 'message', data: message });
      expect(messaging.app.chat.presence.openHere()).toBe(1);
      await s.close();
      await waitFor('the service stream to end', () => messaging.app.chat.presence.openHere() === 0, 120);
    });
  }

  it('still needs a token for the stream without a ticket (401 at the gateway)', async () => {
    const gateway = testGateway({ upstream: base, jwksUrl: issuer.jwksUrl });
    const res = await gateway.handle(req('/api/chat/b1/stream'));
    expect(res.status).toBe(401);
    // A ticket opens only the stream: any other chat route still wants the token.
    expect((await gateway.handle(req('/api/chat/b1/messages?ticket=x'))).status).toBe(401);
  });

  it('lets the stream through with ?ticket= and no token, for messaging to check (single use)', async () => {
    const gateway = testGateway({ upstream: base, jwksUrl: issuer.jwksUrl, upstreamTimeoutMs: 100 });
    const made = await gateway.handle(
      req('/api/chat/stream-tickets', {
        method: 'POST',
        headers: { authorization: `Bearer ${messaging.tokens.customer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ bookingId: 'b1' }),
      }),
    );
    expect(made.status).toBe(201);
    const { ticket } = (await made.json()).data;
    const res = await gateway.handle(req(`/api/chat/b1/stream?ticket=${ticket}`, { headers: { accept: 'text/event-stream' } }));
    expect(res.status).toBe(200);
    const s = readStream(res);
    await s.waitForPings(2, 3000);
    await s.close();
    const again = await gateway.handle(req(`/api/chat/b1/stream?ticket=${ticket}`));
    expect(again.status).toBe(401);
    expect((await again.json()).error.code).toBe('INVALID_STREAM_TICKET');
  });
});
