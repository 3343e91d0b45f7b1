import { describe, expect, it } from 'bun:test';
import { createMemoryLogger } from '@tm/shared';
import { createMemoryMailer } from '@tm/shared/mail';
import { createGrowthUnderTest, type GrowthUnderTest } from '../testing.ts';
import { createLeadNotifier } from './notifier.ts';

const form = (t: GrowthUnderTest, email: string) => ({
  name: 'Priya Shah',
  email,
  need: 'We need a team for our fintech app, starting next month.',
  market: 'DE',
  consentMarketing: false,
  website: '',
  formStartedAt: new Date(t.clock.now() - 60_000).toISOString(),
});

/** Another process on the same store: its own mailer and worker. */
const nextProcess = (t: GrowthUnderTest) => {
  const mailer = createMemoryMailer();
  const notifier = createLeadNotifier({
    mailer,
    logger: createMemoryLogger('growth'),
    salesEmail: 'sales@example.test',
    documents: t.deps.documents,
    clock: t.clock,
  });
  return { mailer, notifier };
};

describe('the lead mail through the outbox', () => {
  it('is stored with the lead: a process that stops before sending it leaves it to the next, which sends it once', async () => {
    const t = await createGrowthUnderTest();
    expect((await t.call('POST', '/leads', { body: form(t, 'a@fintech.example'), headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(201);
    // This process stops here (its worker never ran): the mail is stored, not sent.
    expect(t.mailer.sent).toHaveLength(0);
    const next = nextProcess(t);
    await next.notifier.idle();
    await next.notifier.idle();
    await t.deps.notifier.idle();
    expect(next.mailer.sent.map((m) => m.subject)).toEqual(['New lead: Priya Shah, DE']);
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('a process dying after staging the mail and before storing the lead: nothing is sent once the guard is checked', async () => {
    const t = await createGrowthUnderTest();
    await t.deps.notifier.staged('never-stored');
    t.clock.advance(60_000);
    const next = nextProcess(t);
    await next.notifier.idle();
    expect(next.mailer.sent).toHaveLength(0);
  });

  it('retries a mail the mailer failed, under the same key, and sends it once', async () => {
    const t = await createGrowthUnderTest();
    t.mailer.failNext = 2;
    await t.call('POST', '/leads', { body: form(t, 'b@fintech.example'), headers: { 'x-forwarded-for': '203.0.113.10' } });
    await t.deps.notifier.idle();
    expect(t.mailer.sent).toHaveLength(1);
  });
});
