/**
 * A checkout and a booking's lifecycle on the real processes (`bun scripts/start.ts`, embedded
 * stores, the dev payment provider), only through the gateway: a guest books, signs in with an
 * SMS code read from the dev outbox, claims the booking, pays it with the dev provider, sees it
 * paid; the bootstrap admin invites a PM, who sets a password from the mailed link and signs in
 * (their token carries `pid`), assigns them the booking (bookings mails the assignment to the PM's
 * staff email, learnt from auth), the PM accepts and starts, and the customer completes; then both
 * review it (reviews reads the booking's facts from bookings) and the rating shows on the service and the PM.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { decodeJwt } from 'jose';
import { pollUntil, type RunningSystem, realRedisUnderTest, startSystem } from './support/system.ts';

const ADMIN = { email: 'root@example.com', password: 'correct-horse-battery' };
let sys: RunningSystem;

const api = (path: string, init: RequestInit = {}) => fetch(`${sys.gateway}/api${path}`, init);
async function call(method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await api(path, {
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
  const session = await call('POST', '/auth/verify-otp', undefined, { mobile, otp });
  expect(session.status).toBe(200);
  return session.body.data.accessToken;
}

/** Invites a PM linked to `profileId` as the admin, sets their password from the mailed link (auth's dev outbox) and signs them in. */
async function invitedPm(adminToken: string, profileId: string): Promise<{ token: string; email: string }> {
  const email = `pm-${crypto.randomUUID().slice(0, 8)}@talent.example`;
  expect((await call('POST', '/account/staff', adminToken, { email, role: 'pm', profileId })).status).toBe(201);
  const mail = await sys.waitForLog((l) => l.msg === 'mail (dev outbox)' && l.to === email);
  const token = new URL(String(String(mail.text).match(/https?:\S+/)?.[0])).searchParams.get('token');
  expect((await call('POST', '/auth/reset-password', undefined, { token, newPassword: 'a long pm passphrase' })).status).toBe(200);
  const session = await call('POST', '/auth/staff-password-login', undefined, { identifier: email, password: 'a long pm passphrase' });
  expect(session.status).toBe(200);
  return { token: session.body.data.accessToken, email };
}

async function anyPm(): Promise<{ _id?: string; id?: string; slug: string }> {
  const slugs = (await call('GET', '/talent/sitemap')).body.data as string[];
  for (const slug of slugs) {
    const res = await call('GET', `/pm/${slug}/profile`);
    if (res.status === 200) return res.body.data;
  }
  throw new Error('no PM profile in the seed');
}

function checkoutStory(stores: string, env: () => Record<string, string>, cleanUp: () => Promise<void> = async () => {}) {
  describe(`checkout through the gateway with the dev provider (${stores})`, () => {
    beforeAll(async () => {
      sys = await startSystem({
        BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
        BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
        // Ratings on the service and the PM show within this after a review publishes (30 s by default).
        RATINGS_CACHE_MS: '200',
        ...env(),
      });
    }, 60_000);
    afterAll(async () => {
      await sys?.stop();
      await cleanUp();
    });

    let bookingId = '';
    let customer = '';
    let pmReviewer = { token: '', pid: '', slug: '' };

    it('lets a guest book, sign in, claim the booking, pay it and see it paid', async () => {
      const guest = await call('POST', '/auth/guest-access');
      const { accessToken: guestAccess, refreshToken: guestRefresh } = guest.body.data;
      const cart = { items: [{ serviceId: 'react-developer', hours: 20 }], contact: { email: 'asha@example.com' } };
      // No sale without the market's terms: the guest reads them and accepts their version with the booking.
      const refused = await call('POST', '/bookings', guestAccess, cart, { 'x-country': 'IN' });
      expect(refused.status).toBe(409);
      expect(refused.body.error?.code).toBe('LEGAL_ACCEPTANCE_REQUIRED');
      const terms = await call('GET', '/legal/terms', undefined, undefined, { 'x-country': 'IN', 'x-lang': 'hi' });
      expect(terms.body.data).toMatchObject({ type: 'terms', market: 'IN', lang: 'hi' });
      const created = await call(
        'POST',
        '/bookings',
        guestAccess,
        { ...cart, acceptedTermsVersion: terms.body.data.version },
        { 'x-country': 'IN', 'x-lang': 'hi' },
      );
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ status: 'pending_payment', market: 'IN', currency: 'INR', legal: { terms: terms.body.data.version } });
      expect((await call('GET', '/legal/pending', guestAccess, undefined, { 'x-country': 'IN' })).body.data.map((d: { type: string }) => d.type)).toEqual([
        'privacy',
      ]);
      bookingId = created.body.data.id;
      // Guests may not pay: they sign in first.
      expect((await call('POST', '/payments', guestAccess, { bookingId })).status).toBe(403);

      customer = await signInWithOtp('+919812345678');
      expect((await call('GET', `/bookings/${bookingId}`, customer)).status).toBe(404);
      const claimed = await call('POST', '/bookings/claim', customer, { guestToken: guestRefresh });
      expect(claimed.body.data.claimed).toEqual([bookingId]);
      // The hand-over ended the guest session: its refresh token is dead, and claims nothing more.
      expect((await call('POST', '/auth/refresh', undefined, { refreshToken: guestRefresh })).body.error?.code).toBe('INVALID_REFRESH_TOKEN');
      expect((await call('POST', '/bookings/claim', customer, { guestToken: guestRefresh })).body.data.claimed).toEqual([bookingId]);

      const payment = await call('POST', '/payments', customer, { bookingId }, { 'idempotency-key': `pay-${bookingId}` });
      expect(payment.status).toBe(201);
      expect(payment.body.data).toMatchObject({ provider: 'dev', status: 'requires_action', amount: created.body.data.total, currency: 'INR' });
      const replay = await call('POST', '/payments', customer, { bookingId }, { 'idempotency-key': `pay-${bookingId}` });
      expect(replay.headers.get('idempotent-replayed')).toBe('true');

      const succeedUrl = new URL(payment.body.data.next.succeedUrl);
      expect(succeedUrl.origin).toBe(sys.gateway);
      const paid = await fetch(succeedUrl, { method: 'POST', headers: { authorization: `Bearer ${customer}` } });
      expect(((await paid.json()) as { data: { status: string } }).data.status).toBe('succeeded');
      expect((await call('GET', `/bookings/${bookingId}`, customer)).body.data.status).toBe('paid');
      await sys.waitForLog((l) => l.msg === 'mail (dev outbox)' && l.to === 'asha@example.com' && String(l.subject).startsWith('Payment received'));
    });

    it('runs the lifecycle to completed: the bootstrap admin assigns, the invited PM accepts and starts, the customer completes', async () => {
      const admin = await call('POST', '/auth/staff-password-login', undefined, { identifier: ADMIN.email, password: ADMIN.password });
      expect(admin.status).toBe(200);
      const adminToken = admin.body.data.accessToken;
      const pm = await anyPm();
      const pid = pm._id ?? pm.id ?? '';
      const { token: pmAccess, email: pmEmail } = await invitedPm(adminToken, pid);
      const assigned = await call('POST', `/bookings/${bookingId}/assign`, adminToken, { pmId: pm.slug });
      expect(assigned.status).toBe(200);
      expect(assigned.body.data.pm).toMatchObject({ id: pid, slug: pm.slug });
      // Bookings learns the PM's staff email from auth (GET /internal/contacts?profileId=) and mails the assignment.
      const assignedMail = await sys.waitForLog((l) => l.msg === 'mail (dev outbox)' && l.to === pmEmail && String(l.subject).startsWith('New assignment'));
      expect(assignedMail.service).toBe('bookings');

      expect(decodeJwt(pmAccess)).toMatchObject({ role: 'pm', pid });
      expect((await call('GET', '/bookings', pmAccess)).body.data.map((b: { id: string }) => b.id)).toEqual([bookingId]);
      expect((await call('POST', `/bookings/${bookingId}/start`, pmAccess)).body.error?.code).toBe('INVALID_TRANSITION');
      expect((await call('POST', `/bookings/${bookingId}/accept`, pmAccess)).body.data.status).toBe('confirmed');
      expect((await call('POST', `/bookings/${bookingId}/start`, pmAccess)).body.data.status).toBe('in_progress');
      // Work has started: the owner can no longer cancel.
      expect((await call('POST', `/bookings/${bookingId}/cancel`, customer)).status).toBe(409);
      const done = await call('POST', `/bookings/${bookingId}/complete`, customer);
      expect(done.body.data.status).toBe('completed');
      expect(done.body.data.history.map((h: { action: string }) => h.action)).toEqual(['create', 'pay', 'assign', 'accept', 'start', 'complete']);
      pmReviewer = { token: pmAccess, pid, slug: pm.slug };
    });

    it('lets both sides review the completed booking (reviews asks bookings), publishes both together, and shows the rating on the service and the PM', async () => {
      const text = 'Weekly demos, clear scope and the release landed on the agreed date.';
      const mine = await call('POST', '/reviews', customer, { bookingId, rating: 5, text });
      expect(mine.status).toBe(201);
      expect(mine.body.data).toMatchObject({ authorRole: 'customer', status: 'pending' });
      // Double-blind: the PM cannot read it yet, and nothing is public.
      expect((await call('GET', `/reviews/${mine.body.data.id}`, pmReviewer.token)).status).toBe(404);
      expect((await call('POST', '/reviews', customer, { bookingId, rating: 4, text })).body.error?.code).toBe('REVIEW_EXISTS');
      const theirs = await call('POST', '/reviews', pmReviewer.token, { bookingId, rating: 5, text: 'Quick answers and decisions made on time.' });
      expect(theirs.body.data).toMatchObject({ authorRole: 'pm', status: 'published' });
      const list = await call('GET', `/reviews?pmId=${pmReviewer.pid}`);
      expect(list.body.data).toEqual([expect.objectContaining({ id: mine.body.data.id, rating: 5, verified: true })]);
      expect((await call('GET', `/reviews/summary?pmId=${pmReviewer.pid}`)).body.data).toMatchObject({ count: 1, average: 5 });
      const own = (await call('GET', '/reviews/mine', customer)).body.data;
      expect(own.written.map((r: { id: string }) => r.id)).toEqual([mine.body.data.id]);
      expect(own.received).toEqual([expect.objectContaining({ id: theirs.body.data.id, authorRole: 'pm' })]);
      // Within RATINGS_CACHE_MS (the PM's profile was read, without a rating, before the reviews).
      const rating = (path: string, field: string) =>
        pollUntil(async () => (await call('GET', path, undefined, undefined, { 'x-country': 'IN' })).body.data[field], 5_000, `${field} on ${path}`);
      expect(await rating('/services/react-developer', 'rating')).toEqual({ count: 1, average: 5 });
      expect(await rating(`/pm/${pmReviewer.slug}/profile`, 'rating')).toEqual({ count: 1, average: 5 });
    });

    it('refunds in full a paid booking its owner cancels', async () => {
      const customer2 = await signInWithOtp('+919812345679');
      // Accepted ahead of the booking this time (POST /api/legal/acceptances), as an app's sign-up does.
      const accepted = await call('POST', '/legal/acceptances', customer2, { type: 'terms', version: 1 });
      expect(accepted.status).toBe(201);
      expect(accepted.body.data).toMatchObject({ type: 'terms', market: 'IN', version: 1 });
      const created = await call('POST', '/bookings', customer2, { items: [{ serviceId: 'react-developer' }] });
      expect(created.body.data.legal).toEqual({ terms: 1 });
      // The account export holds the acceptance, with the time, IP and user agent recorded.
      const exported = await call('GET', '/account/export', customer2);
      const content = exported.body.data.services.find((p: { service: string }) => p.service === 'content');
      expect(content.data.legalAcceptances).toEqual([
        expect.objectContaining({ type: 'terms', market: 'IN', version: 1, source: 'api', ip: expect.any(String) }),
      ]);
      const payment = await call('POST', '/payments', customer2, { bookingId: created.body.data.id });
      await call('POST', `/payments/${payment.body.data.id}/dev/succeed`, customer2);
      const cancelled = await call('POST', `/bookings/${created.body.data.id}/cancel`, customer2, { reason: 'changed plans' });
      expect(cancelled.body.data.status).toBe('cancelled');
      const after = await call('GET', `/payments?bookingId=${created.body.data.id}`, customer2);
      expect(after.body.data[0]).toMatchObject({ status: 'refunded', refunded: created.body.data.total });
    });

    it('serves legal, localization and pages through the gateway', async () => {
      const bundle = await call('GET', '/i18n/de/checkout');
      expect(bundle.body.data['terms.required']).toContain('AGB');
      const etag = bundle.headers.get('etag') as string;
      const unchanged = await api('/i18n/de/checkout', { headers: { 'if-none-match': etag } });
      expect(unchanged.status).toBe(304);
      const page = await call('GET', '/content/pages/about', undefined, undefined, { 'x-lang': 'de' });
      expect(page.body.data.bodyHtml).toContain('<h1>');
      // The admin's writes pass the gateway's token rule (401 without a token) and reach content.
      expect((await call('PUT', '/i18n/de/checkout', undefined, { messages: {} })).status).toBe(401);
      const admin = (await call('POST', '/auth/staff-password-login', undefined, { identifier: ADMIN.email, password: ADMIN.password })).body.data.accessToken;
      const draft = await call('POST', '/content/pages', admin, {
        type: 'page',
        lang: 'en',
        slug: 'press',
        title: 'Press',
        body: '# Press\n\n<script>x()</script>Kit.',
      });
      expect(draft.status).toBe(201);
      expect((await call('GET', '/content/pages/press')).status).toBe(404);
      expect((await call('POST', `/content/pages/${draft.body.data.id}/publish`, admin)).body.data.status).toBe('published');
      const press = await call('GET', '/content/pages/press');
      expect(press.body.data.bodyHtml).toStartWith('<h1>Press</h1>');
      expect(press.body.data.bodyHtml).toContain('Kit.');
      expect(press.body.data.bodyHtml).not.toContain('script');
    });

    it('takes webhooks without a token and answers a bad path id with 400', async () => {
      // No Stripe keys here, so bookings serves no Stripe webhook: the gateway forwarded it (no 401).
      const hook = await api('/payments/webhooks/stripe', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
      expect(hook.status).not.toBe(401);
      const customer3 = await signInWithOtp('+919812345670');
      expect((await call('GET', '/bookings/not-an-id', customer3)).body.error?.code).toBe('INVALID_ID');
    });
  });
}

checkoutStory('embedded stores', () => ({}));

// The gateway's limiter and auth's counters on a real Redis, under this run's own key prefix.
const realRedis = realRedisUnderTest('checkout');
checkoutStory('real Redis', realRedis.env, realRedis.cleanup);
