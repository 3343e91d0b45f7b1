/**
 * Real bookings processes (bun src/main.ts) on one store: the MongoDB wire stand-in lets two
 * processes share one database. Their peers are stand-ins in this process: auth's JWKS (tokens
 * signed here), the Razorpay fake (no idempotency key: a refund asked twice is a refund made
 * twice). Mails go to each process's log (the dev outbox), read back from its stdout.
 *
 * - Kill and restart: a process with OUTBOX_PAUSED stores changes whose side effects (a refund,
 *   mails) are written and not delivered, is killed with SIGKILL, and a new process delivers
 *   each exactly once.
 * - Two replicas running their duties at once (reconciler passes, outbox workers, and the same
 *   cancel sent to both): no Razorpay refund twice, no booking expires or pays twice, no mail twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import type { DocumentStore } from '@tm/shared/store';
import { devMails, type MongoWireStandIn, openStandInDatabase, type ServiceProcess, startMongoWireStandIn, startServiceProcess } from '@tm/shared/testing';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@tm/shared/tokens';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { BookingDoc } from '../bookings/model.ts';
import type { PaymentDoc } from '../payments/model.ts';
import { createFakeCatalog } from '../testing/bookings-under-test.ts';
import { type RazorpayFake, startRazorpayFake } from '../testing/razorpay-fake.ts';

const serviceDir = join(import.meta.dir, '../..');
let standIn: MongoWireStandIn;
let razorpay: RazorpayFake;
let auth: ReturnType<typeof Bun.serve>;
/**
 * Razorpay as the processes see it: the fake behind some latency (a refund's creation the
 * longest), so one replica's look for an earlier refund and its creation are far apart, as over
 * the internet, and another replica attempting the same refund meanwhile would make a second.
 */
let slowRazorpay: ReturnType<typeof Bun.serve>;
let sign: (sub: string) => Promise<string>;
const running: BookingsProcess[] = [];

beforeAll(async () => {
  standIn = startMongoWireStandIn({ record: false });
  razorpay = startRazorpayFake();
  slowRazorpay = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      await Bun.sleep(req.method === 'POST' && url.pathname.endsWith('/refund') ? 600 : 50);
      const body = req.method === 'GET' ? undefined : await req.text();
      return fetch(`${razorpay.url}${url.pathname}${url.search}`, { method: req.method, headers: req.headers, body });
    },
  });
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test', alg: 'EdDSA', use: 'sig' };
  auth = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(req) {
      const path = new URL(req.url).pathname;
      if (path === '/.well-known/jwks.json') return Response.json({ keys: [jwk] });
      // The revocation feed bookings reads (nobody signed out here).
      if (path === '/internal/revocations') return Response.json({ success: true, data: { revoked: [], next: Date.now(), more: false } });
      return Response.json({ success: false, error: { code: 'CONTACT_NOT_FOUND', message: 'no' } }, { status: 404 });
    },
  });
  sign = (sub) =>
    new SignJWT({ sub, role: 'customer', sid: `s-${sub}`, typ: 'access' })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'test' })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('15m')
      .setJti(crypto.randomUUID())
      .sign(privateKey);
});

afterAll(async () => {
  for (const p of running) p.proc.kill('SIGKILL');
  await Promise.all(running.map((p) => p.proc.exited));
  auth?.stop(true);
  slowRazorpay?.stop(true);
  razorpay?.stop();
  await standIn?.stop();
});

type BookingsProcess = ServiceProcess;

async function startBookings(database: string, extra: Record<string, string> = {}): Promise<BookingsProcess> {
  const p = await startServiceProcess({
    dir: serviceDir,
    env: {
      NODE_ENV: 'development',
      MONGODB_URL: standIn.url.replace('/?', `/${database}?`),
      AUTH_URL: `http://127.0.0.1:${auth.port}`,
      // Nothing listens there: these duties need no catalog, talent or content.
      CATALOG_URL: 'http://127.0.0.1:9',
      TALENT_URL: 'http://127.0.0.1:9',
      CONTENT_URL: 'http://127.0.0.1:9',
      PAYMENT_PROVIDERS: 'IN=razorpay',
      RAZORPAY_KEY_ID: razorpay.keyId,
      RAZORPAY_KEY_SECRET: razorpay.keySecret,
      RAZORPAY_WEBHOOK_SECRET: razorpay.webhookSecret,
      RAZORPAY_API_URL: `http://127.0.0.1:${slowRazorpay.port}`,
      RECONCILE_INTERVAL_MS: '150',
      OUTBOX_POLL_MS: '50',
      SMTP_URL: '',
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
      ...extra,
    },
  });
  running.push(p);
  return p;
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 30_000, what = check.toString().slice(0, 160)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not reached in ${timeoutMs} ms: ${what}`);
    await Bun.sleep(25);
  }
}

const mailsOf = (procs: BookingsProcess[], subject: string) => procs.flatMap(devMails).filter((l) => String(l.subject).startsWith(subject));

const catalog = createFakeCatalog({ now: () => Date.now() });
const iso = (ms: number) => new Date(ms).toISOString();

/** A Razorpay order captured at the fake, as a bookings payment would have opened it. */
async function capturedOrder(amount: number): Promise<{ orderId: string; paymentId: string }> {
  const res = await fetch(`${razorpay.url}/v1/orders`, {
    method: 'POST',
    headers: { authorization: `Basic ${btoa(`${razorpay.keyId}:${razorpay.keySecret}`)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amount, currency: 'INR', receipt: `r_${crypto.randomUUID().slice(0, 8)}` }),
  });
  const order = (await res.json()) as { id: string };
  return { orderId: order.id, paymentId: razorpay.capture(order.id).payment.id };
}

type Kind = 'paid' | 'lost-pay' | 'expired' | 'cancelled-unrefunded';

/** Seeds one booking (and its Razorpay payment) straight into the shared store, as earlier requests would have left it. */
async function seed(store: DocumentStore, kind: Kind, customerId: string) {
  const now = Date.now();
  const quote = await catalog.quoteCart({ items: [{ serviceId: 'react-developer', hours: 2 }] }, 'IN');
  const id = crypto.randomUUID().replaceAll('-', '').slice(0, 24);
  const number = `BK-${id.slice(0, 8).toUpperCase()}`;
  const created = iso(now - 5 * 60_000);
  const booking: BookingDoc = {
    _id: id,
    number,
    status: kind === 'paid' ? 'paid' : kind === 'cancelled-unrefunded' ? 'cancelled' : 'pending_payment',
    market: 'IN',
    currency: quote.currency,
    quote,
    total: quote.total,
    customerId,
    contact: { email: `${id}@example.test`, name: 'Test' },
    expiresAt: kind === 'expired' ? iso(now - 60_000) : iso(now + 30 * 60_000),
    history: [{ status: 'pending_payment', at: created, by: { id: customerId, role: 'customer' }, action: 'create' }],
    createdAt: created,
    updatedAt: created,
    version: 1,
  };
  const paymentId = `p${id}`;
  if (kind === 'paid' || kind === 'cancelled-unrefunded') {
    booking.history.push({ status: 'paid', at: created, by: { id: paymentId, role: 'system' }, action: 'pay' });
    booking.version = 2;
  }
  if (kind === 'cancelled-unrefunded') {
    booking.history.push({ status: 'cancelled', at: created, by: { id: customerId, role: 'customer' }, action: 'cancel' });
    booking.version = 3;
  }
  await store.collection<BookingDoc>('bookings').insertOne(booking);
  if (kind === 'expired') return { booking, payment: undefined };
  const order = await capturedOrder(quote.total);
  const payment: PaymentDoc = {
    _id: paymentId,
    bookingId: id,
    customerId,
    market: 'IN',
    provider: 'razorpay',
    providerRef: order.orderId,
    providerPaymentId: order.paymentId,
    status: 'succeeded',
    amount: quote.total,
    currency: 'INR',
    refunded: 0,
    leaseUntil: 0,
    createdAt: created,
    // Over the reconciler's minute of grace for a lost booking step or an orphaned refund. A paid
    // booking's payment changed just now, so the reconciler leaves its cancel's refund to the
    // cancel for a minute (else a pass may start it too: still one call, under the refund's lease,
    // but a process killed holding that lease would hold it 2 min).
    updatedAt: kind === 'paid' ? iso(now) : iso(now - 2 * 60_000),
  };
  await store.collection<PaymentDoc>('payments').insertOne(payment);
  return { booking, payment };
}

/** The refund requests Razorpay received for a payment (a second one is a second call, even if Razorpay refused it as over the amount). */
const refundCallsAt = (providerPaymentId: string) =>
  razorpay.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payments/${providerPaymentId}/refund`);
const refundsAt = (providerPaymentId: string) => [...razorpay.refunds.values()].filter((r) => r.payment_id === providerPaymentId);
const historyOf = async (store: DocumentStore, id: string, action: string) =>
  ((await store.collection<BookingDoc>('bookings').findOne({ _id: id }))?.history ?? []).filter((h) => h.action === action).length;

describe('bookings processes on one store', () => {
  it('delivers each side effect exactly once after a process is killed between storing the change and delivering it', async () => {
    const db = openStandInDatabase(standIn, 'killrestart');
    const store = db.store;
    const customer = 'cust-kill';
    const paid = await seed(store, 'paid', customer);
    const lost = await seed(store, 'lost-pay', customer);

    const first = await startBookings('killrestart', { OUTBOX_PAUSED: 'true' });
    const token = await sign(customer);
    const cancel = await fetch(`${first.url}/bookings/${paid.booking._id}/cancel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'changed plans' }),
    });
    expect(cancel.status).toBe(200);
    // The reconciler pays the booking whose payment succeeded without it.
    await until(async () => (await historyOf(store, lost.booking._id, 'pay')) === 1);
    const outbox = store.collection<{ _id: string; state: string; topic: string }>('outbox');
    await until(async () => (await outbox.countDocuments({ state: 'ready' })) === 3);
    expect((await outbox.find({}).toArray()).map((m) => m.topic).sort()).toEqual(['booking.mail', 'booking.mail', 'booking.refund']);
    // Stored, not delivered: no refund at Razorpay, no mail.
    expect(refundsAt(paid.payment?.providerPaymentId as string)).toHaveLength(0);
    expect(mailsOf([first], '')).toHaveLength(0);

    first.proc.kill('SIGKILL');
    await first.proc.exited;

    const second = await startBookings('killrestart');
    await until(() => mailsOf([second], 'Booking cancelled').length >= 1 && mailsOf([second], 'Payment received').length >= 1);
    await until(async () => (await store.collection<PaymentDoc>('payments').findOne({ _id: paid.payment?._id }))?.status === 'refunded');
    // Several more worker and reconciler passes: nothing is delivered again.
    await Bun.sleep(1_000);
    expect(refundCallsAt(paid.payment?.providerPaymentId as string)).toHaveLength(1);
    expect(refundsAt(paid.payment?.providerPaymentId as string)).toHaveLength(1);
    expect(mailsOf([first, second], 'Booking cancelled').map((m) => m.to)).toEqual([`${paid.booking._id}@example.test`]);
    expect(mailsOf([first, second], 'Payment received').map((m) => m.to)).toEqual([`${lost.booking._id}@example.test`]);
    expect(await outbox.countDocuments({ state: 'delivered' })).toBe(3);
    second.proc.kill('SIGTERM');
    await second.proc.exited;
    await db.close();
  }, 120_000);

  it('two replicas running their duties at once: no Razorpay refund twice, no booking expires or pays twice, no mail twice', async () => {
    const db = openStandInDatabase(standIn, 'replicas');
    const store = db.store;
    const customer = 'cust-replicas';
    const N = 4;
    const seeded = {
      expired: await Promise.all(Array.from({ length: N }, () => seed(store, 'expired', customer))),
      lost: await Promise.all(Array.from({ length: N }, () => seed(store, 'lost-pay', customer))),
      orphaned: await Promise.all(Array.from({ length: N }, () => seed(store, 'cancelled-unrefunded', customer))),
      paid: await Promise.all(Array.from({ length: N }, () => seed(store, 'paid', customer))),
    };
    const [a, b] = await Promise.all([startBookings('replicas'), startBookings('replicas')]);
    const replicas = [a as BookingsProcess, b as BookingsProcess];
    const token = await sign(customer);
    // Each paid booking is cancelled through both replicas at once: one wins.
    const answers = await Promise.all(
      seeded.paid.flatMap(({ booking }) =>
        replicas.map((r) =>
          fetch(`${r.url}/bookings/${booking._id}/cancel`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: '{}',
          }).then((res) => res.status),
        ),
      ),
    );
    expect(answers.filter((s) => s === 200)).toHaveLength(N);
    expect(answers.filter((s) => s === 409)).toHaveLength(N);

    const payments = store.collection<PaymentDoc>('payments');
    await until(async () => (await payments.countDocuments({ status: 'refunded' })) === 2 * N, 30_000);
    await until(async () => {
      const bookings = await store.collection<BookingDoc>('bookings').find({}).toArray();
      return bookings.filter((x) => x.status === 'expired').length === N && bookings.filter((x) => x.status === 'paid').length === N;
    }, 30_000);
    await until(() => mailsOf(replicas, 'Payment received').length >= N && mailsOf(replicas, 'Booking cancelled').length >= N);
    // Both keep running their passes a while longer: nothing happens twice.
    await Bun.sleep(1_500);

    for (const { booking } of seeded.expired) expect(await historyOf(store, booking._id, 'expire')).toBe(1);
    for (const { booking } of seeded.lost) expect(await historyOf(store, booking._id, 'pay')).toBe(1);
    for (const { payment } of [...seeded.orphaned, ...seeded.paid]) {
      expect(refundCallsAt(payment?.providerPaymentId as string)).toHaveLength(1);
      expect(refundsAt(payment?.providerPaymentId as string)).toHaveLength(1);
    }
    const paidMails = mailsOf(replicas, 'Payment received').map((m) => m.to);
    expect(paidMails.sort()).toEqual(seeded.lost.map(({ booking }) => `${booking._id}@example.test`).sort());
    const cancelMails = mailsOf(replicas, 'Booking cancelled').map((m) => m.to);
    expect(cancelMails.sort()).toEqual(seeded.paid.map(({ booking }) => `${booking._id}@example.test`).sort());
    // Both replicas took part: passes under the lease, messages claimed by either.
    expect(replicas.every((r) => r.lines.some((l) => l.msg === 'listening'))).toBe(true);
    for (const r of replicas) r.proc.kill('SIGTERM');
    await Promise.all(replicas.map((r) => r.proc.exited));
    await db.close();
  }, 150_000);
});
