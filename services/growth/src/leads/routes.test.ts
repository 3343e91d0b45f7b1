import { describe, expect, it } from 'bun:test';
import { createGrowthUnderTest, type GrowthUnderTest } from '../testing.ts';

const lead = (t: GrowthUnderTest, over: Record<string, unknown> = {}) => ({
  name: 'Priya Shah',
  email: 'Priya@Fintech.example',
  phone: '+4915112345678',
  company: 'Fintech GmbH',
  serviceId: 'react-developer',
  need: 'We need a team for our fintech app, starting next month.',
  market: 'DE',
  consentMarketing: true,
  website: '',
  formStartedAt: new Date(t.clock.now() - 60_000).toISOString(),
  ...over,
});
const send = (t: GrowthUnderTest, body: unknown, ip = '203.0.113.5', token?: string) =>
  t.call('POST', '/leads', { body, headers: { 'x-forwarded-for': ip }, ...(token ? { token } : {}) });

describe('POST /leads', () => {
  it('stores a lead (201 {id}) and mails sales after storing it', async () => {
    const t = await createGrowthUnderTest();
    const res = await send(t, lead(t));
    expect(res.status).toBe(201);
    expect(Object.keys(res.body.data)).toEqual(['id']);
    await t.deps.notifier.idle();
    expect(t.mailer.sent).toHaveLength(1);
    expect(t.mailer.sent[0]).toMatchObject({ to: 'sales@example.test' });
    expect(t.mailer.sent[0]?.text).toContain('We need a team for our fintech app');
    const stored = await t.parts.leads.find(res.body.data.id);
    expect(stored).toMatchObject({ status: 'new', email: 'priya@fintech.example', phone: '+4915112345678' });
  });

  it('answers a honeypot or a form filled in under 3 s with 201 too, but keeps it as spam and mails nobody', async () => {
    const t = await createGrowthUnderTest();
    const trap = await send(t, lead(t, { website: 'http://spam.example' }));
    const fast = await send(t, lead(t, { email: 'bot@example.test', formStartedAt: t.clock.now() - 1000 }));
    for (const res of [trap, fast]) {
      expect(res.status).toBe(201);
      expect((await t.parts.leads.find(res.body.data.id))?.status).toBe('spam');
    }
    await t.deps.notifier.idle();
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('adds a second form from the same email or phone within 24 h to the same lead, and starts a new one after', async () => {
    const t = await createGrowthUnderTest();
    const first = (await send(t, lead(t))).body.data.id;
    t.clock.advance(3600_000);
    const byEmail = (await send(t, lead(t, { phone: undefined, need: 'Also a designer for the onboarding flow.' }))).body.data.id;
    const byPhone = (await send(t, lead(t, { email: 'other@fintech.example', phone: '+49 151 12345678' }), '203.0.113.6')).body.data.id;
    expect([byEmail, byPhone]).toEqual([first, first]);
    expect((await t.parts.leads.find(first))?.submissions).toHaveLength(3);
    t.clock.advance(25 * 3600_000);
    const later = (await send(t, lead(t), '203.0.113.7')).body.data.id;
    expect(later).not.toBe(first);
    await t.deps.notifier.idle();
    expect(t.mailer.sent).toHaveLength(2);
  });

  it('makes one lead of 10 concurrent forms from one email', async () => {
    const t = await createGrowthUnderTest({ overrides: { leadLimit: { max: 100, windowMs: 600_000 } } });
    const ids = await Promise.all(Array.from({ length: 10 }, (_, i) => send(t, lead(t, { need: `Need number ${i}, a team for our app.` }))));
    expect(new Set(ids.map((r) => r.body.data.id)).size).toBe(1);
    const [only] = (await t.parts.leads.list(undefined, 1, 100)).items;
    expect(only?.submissions).toHaveLength(10);
    expect((await t.parts.leads.list(undefined, 1, 100)).total).toBe(1);
    await t.deps.notifier.idle();
    expect(t.mailer.sent).toHaveLength(1);
  });

  it('answers 429 with Retry-After to a sixth form from one IP within 10 minutes, and takes forms again after', async () => {
    const t = await createGrowthUnderTest();
    for (let i = 0; i < 5; i++) expect((await send(t, lead(t, { email: `p${i}@example.test`, phone: undefined }))).status).toBe(201);
    const sixth = await send(t, lead(t, { email: 'p6@example.test', phone: undefined }));
    expect([sixth.status, sixth.body.error.code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await send(t, lead(t, { email: 'p7@example.test', phone: undefined }), '198.51.100.1')).status).toBe(201);
    t.clock.advance(600_001);
    expect((await send(t, lead(t, { email: 'p8@example.test', phone: undefined }))).status).toBe(201);
  });

  it('refuses bad fields with 400 INVALID_LEAD naming the field', async () => {
    const t = await createGrowthUnderTest();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ email: 'not-an-email' }, 'email'],
      [{ phone: '015112345678' }, 'phone'],
      [{ phone: '+49123' }, 'phone'],
      [{ need: 'short' }, 'need'],
      [{ need: 'x'.repeat(2001) }, 'need'],
      [{ market: 'FR' }, 'market'],
      [{ consentMarketing: 'yes' }, 'consentMarketing'],
      [{ formStartedAt: 'whenever' }, 'formStartedAt'],
      [{ price: 1 }, 'price'],
    ];
    for (const [over, field] of cases) {
      const res = await send(t, lead(t, over));
      expect({ field, status: res.status, code: res.body.error?.code }).toEqual({ field, status: 400, code: 'INVALID_LEAD' });
      expect(res.body.error.message).toContain(field);
    }
    expect((await t.parts.leads.list(undefined, 1, 100)).total).toBe(0);
  });
});

describe('leads for admins', () => {
  it('lists leads newest first with totals, filtered by status', async () => {
    const t = await createGrowthUnderTest();
    const { token } = await t.tokenFor('admin');
    await send(t, lead(t, { email: 'a@example.test', phone: undefined }));
    t.clock.advance(1000);
    await send(t, lead(t, { email: 'b@example.test', phone: undefined }));
    await send(t, lead(t, { email: 'c@example.test', phone: undefined, website: 'x' }));
    const res = await t.call('GET', '/leads?status=new&limit=1', { token });
    expect(res.headers.get('x-total-count')).toBe('2');
    expect(res.body.data.map((l: { email: string }) => l.email)).toEqual(['b@example.test']);
    expect((await t.call('GET', '/leads?status=open', { token })).body.error.code).toBe('INVALID_STATUS');
    expect((await t.call('GET', '/leads?limit=500', { token })).body.error.code).toBe('INVALID_LIMIT');
    expect((await t.call('GET', '/leads')).status).toBe(401);
    expect((await t.call('GET', '/leads', { token: (await t.tokenFor('pm')).token })).status).toBe(403);
  });

  it('moves a lead new → contacted → qualified → won with notes, and answers 409 INVALID_TRANSITION to any other move', async () => {
    const t = await createGrowthUnderTest();
    const { token, sub } = await t.tokenFor('admin');
    const id = (await send(t, lead(t))).body.data.id;
    const move = (status: string, note?: string) => t.call('PATCH', `/leads/${id}`, { token, body: { status, ...(note ? { note } : {}) } });
    expect((await move('qualified')).body.error.code).toBe('INVALID_TRANSITION');
    expect((await move('contacted', 'Called, wants a quote')).body.data.status).toBe('contacted');
    expect((await move('contacted')).status).toBe(409);
    expect((await move('qualified')).status).toBe(200);
    const won = await move('won', 'Signed');
    expect(won.body.data.status).toBe('won');
    expect(won.body.data.notes.map((n: { status: string; text: string; by: string }) => [n.status, n.text, n.by])).toEqual([
      ['contacted', 'Called, wants a quote', sub],
      ['qualified', '', sub],
      ['won', 'Signed', sub],
    ]);
    expect((await move('lost')).status).toBe(409);
    expect((await move('spam')).body.data.status).toBe('spam');
    expect((await t.call('PATCH', '/leads/ffffffffffffffffffffffff', { token, body: { status: 'contacted' } })).body.error.code).toBe('LEAD_NOT_FOUND');
    expect((await t.call('PATCH', '/leads/zz', { token, body: { status: 'contacted' } })).body.error.code).toBe('INVALID_ID');
    expect((await t.call('PATCH', `/leads/${id}`, { token, body: { status: 'open' } })).body.error.code).toBe('INVALID_STATUS');
  });

  it('lets exactly one of two concurrent moves from the same state win', async () => {
    const t = await createGrowthUnderTest();
    const { token } = await t.tokenFor('admin');
    const id = (await send(t, lead(t))).body.data.id;
    await t.call('PATCH', `/leads/${id}`, { token, body: { status: 'contacted' } });
    await t.call('PATCH', `/leads/${id}`, { token, body: { status: 'qualified' } });
    const [a, b] = await Promise.all(['won', 'lost'].map((status) => t.call('PATCH', `/leads/${id}`, { token, body: { status } })));
    expect([a?.status, b?.status].sort()).toEqual([200, 409]);
  });
});
