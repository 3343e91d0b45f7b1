/**
 * The chat per booking on the real processes (`bun scripts/start.ts`, embedded stores), only
 * through the gateway: a customer books and pays, writes before the deal (contact details
 * hidden) while holding the stream; the admin assigns an invited PM, who finds the conversation
 * with its unread count, answers, and accepts; from then on nothing is masked. Messaging learns
 * who takes part from bookings' facts and checks tokens against auth's JWKS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createParser } from 'eventsource-parser';
import { pollUntil, type RunningSystem, startSystem } from './support/system.ts';

const ADMIN = { email: 'root@example.com', password: 'correct-horse-battery' };
let sys: RunningSystem;

async function call(method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${sys.gateway}/api${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as { success: boolean; data: any; error?: { code: string } } };
}

async function signInWithOtp(mobile: string): Promise<string> {
  expect((await call('POST', '/auth/send-otp', undefined, { mobile })).status).toBe(200);
  const sms = await sys.waitForLog((l) => l.msg === 'sms (dev outbox)' && l.to === mobile);
  const otp = String(sms.text).match(/\b(\d{6})\b/)?.[1];
  return (await call('POST', '/auth/verify-otp', undefined, { mobile, otp })).body.data.accessToken;
}

async function invitedPm(adminToken: string, profileId: string): Promise<string> {
  const email = `pm-${crypto.randomUUID().slice(0, 8)}@talent.example`;
  expect((await call('POST', '/account/staff', adminToken, { email, role: 'pm', profileId })).status).toBe(201);
  const mail = await sys.waitForLog((l) => l.msg === 'mail (dev outbox)' && l.to === email);
  const token = new URL(String(String(mail.text).match(/https?:\S+/)?.[0])).searchParams.get('token');
  expect((await call('POST', '/auth/reset-password', undefined, { token, newPassword: 'a long pm passphrase' })).status).toBe(200);
  return (await call('POST', '/auth/staff-password-login', undefined, { identifier: email, password: 'a long pm passphrase' })).body.data.accessToken;
}

/** A stream read through the gateway (no Accept header, as curl sends it); `events` grows as they come. */
async function openStream(bookingId: string, token: string, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const res = await fetch(`${sys.gateway}/api/chat/${bookingId}/stream`, { headers: { authorization: `Bearer ${token}`, ...headers }, signal: abort.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toStartWith('text/event-stream');
  const events: { id: number; event: string; data: any }[] = [];
  const parser = createParser({ onEvent: (e) => events.push({ id: Number(e.id), event: e.event ?? 'message', data: JSON.parse(e.data) }) });
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (let r = await reader.read(); !r.done; r = await reader.read()) parser.feed(decoder.decode(r.value, { stream: true }));
    } catch {}
  })();
  return { events, close: () => abort.abort() };
}

describe('chat per booking through the gateway (embedded defaults)', () => {
  beforeAll(async () => {
    sys = await startSystem({ BOOTSTRAP_ADMIN_EMAIL: ADMIN.email, BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password });
  }, 60_000);
  afterAll(async () => {
    await sys?.stop();
  }, 20_000);

  it('carries a conversation from before the deal to after it, live, with contact details hidden until confirmed', async () => {
    const customer = await signInWithOtp('+919812340001');
    expect((await call('POST', '/legal/acceptances', customer, { type: 'terms', version: 1 })).status).toBe(201);
    const booked = await call('POST', '/bookings', customer, { items: [{ serviceId: 'react-developer', hours: 20 }] });
    expect({ status: booked.status, error: booked.body.error }).toEqual({ status: 201, error: undefined });
    const booking = booked.body.data;
    const payment = (await call('POST', '/payments', customer, { bookingId: booking.id })).body.data;
    await call('POST', `/payments/${payment.id}/dev/succeed`, customer);

    const stream = await openStream(booking.id, customer);
    const first = await call('POST', `/chat/${booking.id}/messages`, customer, {
      body: 'Call me on +91 98123 40001, budget ₹1,50,000',
      clientMessageId: 'c-1',
    });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ seq: 1, masked: true, body: 'Call me on [hidden], budget ₹1,50,000' });
    await pollUntil(async () => (stream.events.length >= 1 ? true : undefined), 5_000, 'the message on the stream');
    expect(stream.events[0]).toMatchObject({ id: 1, event: 'message', data: { id: first.body.data.id } });

    // Someone else's booking is not found, never forbidden.
    const stranger = await signInWithOtp('+919812340002');
    expect((await call('GET', `/chat/${booking.id}/messages`, stranger)).body.error?.code).toBe('CONVERSATION_NOT_FOUND');

    const admin = (await call('POST', '/auth/staff-password-login', undefined, { identifier: ADMIN.email, password: ADMIN.password })).body.data.accessToken;
    const slugs = (await call('GET', '/talent/sitemap')).body.data as string[];
    let pm: { id?: string; _id?: string; slug: string } | undefined;
    for (const slug of slugs) {
      const res = await call('GET', `/pm/${slug}/profile`);
      if (res.status === 200) {
        pm = res.body.data;
        break;
      }
    }
    const pid = pm?._id ?? pm?.id ?? '';
    const pmToken = await invitedPm(admin, pid);
    expect((await call('POST', `/bookings/${booking.id}/assign`, admin, { pmId: pm?.slug })).status).toBe(200);

    // Bookings' facts are cached at most 5 s: the newly assigned PM gets in within that. The
    // conversation then lists under the PM too (its members follow bookings whenever it is opened).
    const seen = await pollUntil(
      async () => {
        const res = await call('GET', `/chat/${booking.id}/messages`, pmToken);
        return res.status === 200 ? res : undefined;
      },
      10_000,
      'the PM reading the conversation',
    );
    expect(seen.body.data.map((m: { seq: number }) => m.seq)).toEqual([1]);
    const listed = await call('GET', '/chat/conversations', pmToken);
    expect(listed.headers.get('x-total-count')).toBe('1');
    expect(listed.body.data[0]).toMatchObject({ bookingId: booking.id, bookingNumber: booking.number, status: 'open', unread: 1 });
    expect((await call('POST', `/chat/${booking.id}/messages`, pmToken, { body: 'Hello! Happy to help.', clientMessageId: 'p-1' })).status).toBe(201);
    await pollUntil(async () => (stream.events.length >= 2 ? true : undefined), 5_000, "the PM's answer on the stream");
    expect(stream.events[1]).toMatchObject({ id: 2, event: 'message', data: { sender: { role: 'pm' }, body: 'Hello! Happy to help.' } });

    // Confirmed: from now on contact details pass (within the facts cache's 5 s).
    expect((await call('POST', `/bookings/${booking.id}/accept`, pmToken)).body.data.status).toBe('confirmed');
    // Bookings' facts are kept at most 5 s: past that, the confirmed status decides.
    await Bun.sleep(5_200);
    const unmasked = await call('POST', `/chat/${booking.id}/messages`, customer, { body: 'Mail me: asha@example.com', clientMessageId: 'c-2' });
    expect(unmasked.status).toBe(201);
    expect(unmasked.body.data.masked).toBe(false);
    expect(unmasked.body.data.body).toBe('Mail me: asha@example.com');
    stream.close();

    // A reconnect with Last-Event-ID replays what came after it.
    const again = await openStream(booking.id, customer, { 'last-event-id': '1' });
    await pollUntil(async () => (again.events.length >= 2 ? true : undefined), 5_000, 'the replay');
    expect(again.events[0]?.id).toBe(2);
    again.close();

    // The customer's account export holds their messages.
    const exported = await call('GET', '/account/export', customer);
    const part = exported.body.data.services.find((p: { service: string }) => p.service === 'messaging');
    expect(part.data.messages.length).toBeGreaterThanOrEqual(2);
  }, 90_000);
});
