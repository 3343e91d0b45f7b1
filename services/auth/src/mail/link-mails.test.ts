/**
 * The link mails through auth's outbox: stored with their change, never holding a token,
 * delivered once by whichever process runs the worker (here: "the next process", a second
 * wiring on the same store with its own mailer, as after a restart), the link working, and a
 * retried delivery's new link replacing the earlier attempt's.
 */
import { describe, expect, it } from 'bun:test';
import { createManualClock, createMemoryLogger } from '@tm/shared';
import { createMemoryMailer, type Mail } from '@tm/shared/mail';
import type { OutboxDoc } from '@tm/shared/outbox';
import type { Doc, DocumentStore } from '@tm/shared/store';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { createTelemetry } from '@tm/shared/telemetry';
import { parseMetrics, sampleValue } from '@tm/shared/testing';
import type { AuthDeps } from '../deps.ts';
import { createStaffRepository } from '../staff/staff-repository.ts';
import { createAuthUnderTest } from '../testing/auth-under-test.ts';
import { signInCustomer } from '../testing/customer-fixture.ts';
import { eventually } from '../testing/peers.ts';
import { createStaff } from '../testing/staff-fixture.ts';
import { buildWiring } from '../wiring.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const tokenIn = (mail: Mail | undefined) => new URL(String(mail?.text.match(/https:\S+/)?.[0])).searchParams.get('token') ?? '';

/** Auth whose mailer fails every send (the SMTP server is away), with a signed-in admin. */
async function withMailerDown() {
  const mailer = createMemoryMailer();
  mailer.failNext = Number.POSITIVE_INFINITY;
  const t = await createAuthUnderTest({ mailer, telemetry: createTelemetry({ service: 'auth' }) });
  const admin = await createStaff(t.deps, { role: 'admin' });
  const adminToken = (await t.call('POST', '/auth/staff-password-login', { body: { identifier: admin.email, password: admin.password } })).body.data
    .accessToken as string;
  return { ...t, mailer, adminToken };
}

/** Another process on the same store, after a restart: its own mailer and link-mail worker. */
function nextProcess(deps: AuthDeps) {
  const mailer = createMemoryMailer();
  const wiring = buildWiring({ ...deps, mailer, logger: createMemoryLogger('auth') });
  return { mailer, linkMails: wiring.linkMails };
}

const outboxOf = (deps: AuthDeps) => deps.documents.collection<OutboxDoc>('outbox');

describe('link mails through the outbox', () => {
  it('stores an invitation with its account, never a token; the next process mails it once, and its link sets the password', async () => {
    const t = await withMailerDown();
    const res = await t.call('POST', '/account/staff', { headers: bearer(t.adminToken), body: { email: 'ada@staff.example.test', role: 'admin' } });
    expect(res.status).toBe(201);
    expect(res.body.data.invited).toBe(false);
    const stored = await outboxOf(t.deps).findOne({ _id: `invitation:${res.body.data.account.id}` });
    expect(stored).toMatchObject({ state: 'ready', topic: 'staff.invitation', payload: { staffId: res.body.data.account.id }, attempts: 1 });
    // The failed attempt's token was never mailed; the next attempt's replaces it.
    t.clock.advance(1_000);
    const next = nextProcess(t.deps);
    expect(await next.linkMails.deliverDue()).toBe(1);
    expect(await next.linkMails.deliverDue()).toBe(0);
    expect(next.mailer.sent.map((m) => m.to)).toEqual(['ada@staff.example.test']);
    const token = tokenIn(next.mailer.sent[0]);
    expect(JSON.stringify(await outboxOf(t.deps).find({}).toArray())).not.toContain(token);
    expect((await t.call('POST', '/auth/reset-password', { body: { token, newPassword: 'a fine new passphrase' } })).status).toBe(200);
    expect(
      (await t.call('POST', '/auth/staff-password-login', { body: { identifier: 'ada@staff.example.test', password: 'a fine new passphrase' } })).status,
    ).toBe(200);
    expect((await t.wiring.linkMails.get(`invitation:${res.body.data.account.id}`))?.state).toBe('delivered');
    const families = parseMetrics(await (await t.app.handle(new Request('http://localhost/metrics'))).text());
    expect(sampleValue(families, 'outbox_deliveries_total', { topic: 'staff.invitation', outcome: 'retry' })).toBe(1);
    expect(sampleValue(families, 'outbox_deliveries_total', { topic: 'staff.invitation', outcome: 'delivered' })).toBe(1);
  });

  it('a delivery retried after its mail went (the process died before marking it) mints a new link; the earlier one stops working', async () => {
    const t = await withMailerDown();
    const account = await createStaff(t.deps, { email: 'grace@staff.example.test' });
    const mailer = createMemoryMailer();
    // Sends, then fails as a process dying before `delivered` is written would: the message is tried again.
    let dies = true;
    const dying = {
      ...mailer,
      async send(mail: Mail) {
        await mailer.send(mail);
        if (dies) {
          dies = false;
          throw new Error('died after sending');
        }
      },
    };
    const process = buildWiring({ ...t.deps, mailer: dying, logger: createMemoryLogger('auth') });
    expect((await t.call('POST', '/auth/forgot-password', { body: { email: 'Grace@Staff.example.test' } })).status).toBe(200);
    // The request's own attempt (off the answer's path) met the mailer down.
    await eventually(async () => (await outboxOf(t.deps).findOne({ topic: 'staff.reset-link', attempts: 1 })) ?? undefined);
    t.clock.advance(1_000);
    await process.linkMails.deliverDue();
    t.clock.advance(5_000);
    await process.linkMails.deliverDue();
    expect(mailer.sent.map((m) => m.to)).toEqual([account.email, account.email]);
    const [first, second] = mailer.sent.map(tokenIn);
    expect(first).not.toBe(second);
    expect((await t.call('POST', '/auth/reset-password', { body: { token: first, newPassword: 'a fine new passphrase' } })).body.error?.code).toBe(
      'INVALID_RESET_TOKEN',
    );
    expect((await t.call('POST', '/auth/reset-password', { body: { token: second, newPassword: 'a fine new passphrase' } })).status).toBe(200);
  });

  it("answers invited: true when another replica's worker mailed the invitation before the request's own attempt could claim it", async () => {
    const clock = createManualClock(Date.now());
    const store = createEmbeddedDocumentStore({ clock });
    // Another replica's worker claims each message the moment it is released (its poll came first).
    let otherReplica: (() => Promise<unknown>) | undefined;
    const documents: DocumentStore = {
      ...store,
      collection: <T extends Doc>(name: string) => {
        const c = store.collection<T>(name);
        if (name !== 'outbox') return c;
        return Object.assign(Object.create(c) as typeof c, {
          updateMany: async (...args: Parameters<typeof c.updateMany>) => {
            const done = await c.updateMany(...args);
            await otherReplica?.();
            return done;
          },
        });
      },
    };
    const t = await createAuthUnderTest({ clock, documents });
    const admin = await createStaff(t.deps, { role: 'admin' });
    const adminToken = (await t.call('POST', '/auth/staff-password-login', { body: { identifier: admin.email, password: admin.password } })).body.data
      .accessToken as string;
    const other = nextProcess(t.deps);
    otherReplica = () => other.linkMails.deliverDue();
    const res = await t.call('POST', '/account/staff', { headers: bearer(adminToken), body: { email: 'eve@staff.example.test', role: 'admin' } });
    expect(res.status).toBe(201);
    expect(other.mailer.sent.map((m) => m.to)).toEqual(['eve@staff.example.test']);
    expect(res.body.data.invited).toBe(true);
  });

  it('stores a reset request as the address only, looked up at delivery: an unknown address is mailed nothing, and no address is kept once done', async () => {
    const t = await withMailerDown();
    await createStaff(t.deps, { email: 'known@staff.example.test' });
    for (const email of ['nobody@staff.example.test', 'known@staff.example.test'])
      expect((await t.call('POST', '/auth/forgot-password', { body: { email } })).status).toBe(200);
    // The unknown address's message is done at once (nothing to send) and keeps no address; the
    // known one's met the mailer down and keeps its address until it is delivered.
    const stored = await eventually(async () => {
      const docs = await outboxOf(t.deps).find({ topic: 'staff.reset-link' }).toArray();
      const done = docs.find((d) => d.state === 'delivered');
      const waiting = docs.find((d) => d.state === 'ready' && d.attempts === 1);
      return docs.length === 2 && done && waiting ? { done, waiting } : undefined;
    });
    expect(stored.done.payload).toEqual({});
    expect(stored.waiting.payload).toEqual({ email: 'known@staff.example.test' });
    expect(JSON.stringify(await outboxOf(t.deps).find({}).toArray())).not.toContain('nobody@staff.example.test');
    t.clock.advance(1_000);
    const next = nextProcess(t.deps);
    await next.linkMails.deliverDue();
    expect(next.mailer.sent.map((m) => m.to)).toEqual(['known@staff.example.test']);
    const after = await outboxOf(t.deps).find({ topic: 'staff.reset-link' }).toArray();
    expect(after.map((d) => [d.state, d.payload])).toEqual([
      ['delivered', {}],
      ['delivered', {}],
    ]);
    // An operator sets one ready again: there is no address to mail, so it fails for them to see, and nothing is sent.
    await outboxOf(t.deps).updateOne({ _id: String(after[0]?._id) }, { $set: { state: 'ready', nextAt: 0 } });
    expect(await next.linkMails.deliverDue()).toBe(1);
    expect(await outboxOf(t.deps).findOne({ _id: String(after[0]?._id) })).toMatchObject({ state: 'failed', lastError: expect.stringContaining('no address') });
    expect(next.mailer.sent).toHaveLength(1);
  });

  it('mails no reset link to a deactivated staff account (as to an unknown address)', async () => {
    const mailer = createMemoryMailer();
    const t = await createAuthUnderTest({ mailer });
    const gone = await createStaff(t.deps, { email: 'gone@staff.example.test' });
    await createStaffRepository(t.deps.documents).deactivate(gone._id, new Date(t.clock.now()));
    expect((await t.call('POST', '/auth/forgot-password', { body: { email: gone.email } })).status).toBe(200);
    await eventually(async () => ((await outboxOf(t.deps).findOne({ topic: 'staff.reset-link', state: 'delivered' })) ? true : undefined));
    expect(mailer.sent).toHaveLength(0);
    expect(await t.deps.documents.collection('reset_tokens').countDocuments({})).toBe(0);
  });

  it('stores an email confirmation with the pending change; the next process mails it once and its link confirms', async () => {
    const t = await withMailerDown();
    const customer = await signInCustomer(t.call, t.logger);
    const res = await t.call('PATCH', '/account/me', { headers: bearer(customer.accessToken), body: { email: 'New@Example.test' } });
    expect(res.status).toBe(200);
    expect(res.body.data.pendingEmail).toBe('new@example.test');
    t.clock.advance(1_000);
    const next = nextProcess(t.deps);
    expect(await next.linkMails.deliverDue()).toBe(1);
    expect(await next.linkMails.deliverDue()).toBe(0);
    expect(next.mailer.sent.map((m) => m.to)).toEqual(['new@example.test']);
    expect((await t.call('POST', '/auth/confirm-email', { body: { token: tokenIn(next.mailer.sent[0]) } })).status).toBe(200);
    expect((await t.call('GET', '/account/me', { headers: bearer(customer.accessToken) })).body.data.email).toBe('new@example.test');
  });

  it('mails nothing for a change replaced before its mail went: only the newer address gets a link', async () => {
    const t = await withMailerDown();
    const customer = await signInCustomer(t.call, t.logger);
    await t.call('PATCH', '/account/me', { headers: bearer(customer.accessToken), body: { email: 'one@example.test' } });
    await t.call('PATCH', '/account/me', { headers: bearer(customer.accessToken), body: { email: 'two@example.test' } });
    t.clock.advance(1_000);
    const next = nextProcess(t.deps);
    expect(await next.linkMails.deliverDue()).toBe(2);
    expect(next.mailer.sent.map((m) => m.to)).toEqual(['two@example.test']);
  });

  it('voids an invitation whose account was never stored (the address was taken), once its guard is checked', async () => {
    const t = await withMailerDown();
    await createStaff(t.deps, { email: 'taken@staff.example.test' });
    const res = await t.call('POST', '/account/staff', { headers: bearer(t.adminToken), body: { email: 'taken@staff.example.test', role: 'admin' } });
    expect(res.body.error?.code).toBe('EMAIL_TAKEN');
    const next = nextProcess(t.deps);
    t.clock.advance(61_000);
    await next.linkMails.deliverDue();
    expect(next.mailer.sent).toHaveLength(0);
  });
});
