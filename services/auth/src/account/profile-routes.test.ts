import { describe, expect, it } from 'bun:test';
import { createAuthUnderTest } from '../testing/auth-under-test.ts';
import { signInCustomer } from '../testing/customer-fixture.ts';
import { createStaff } from '../testing/staff-fixture.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The mails logged to `to`, once there are `count` of them (mails go off the request path). */
async function eventuallyMailed(logger: { lines: Record<string, unknown>[] }, to: string, count: number) {
  for (let i = 0; i < 200; i++) {
    const mails = logger.lines.filter((l) => l.to === to);
    if (mails.length >= count) return mails;
    await Bun.sleep(5);
  }
  throw new Error(`fewer than ${count} mails to ${to}`);
}

async function setup() {
  const t = await createAuthUnderTest();
  /** The confirmation token mailed to `to` last. */
  const tokenMailedTo = (to: string) => {
    const mail = t.logger.lines.filter((l) => l.to === to).at(-1);
    const link = String(mail?.text).match(/https:\S+/)?.[0];
    return link ? (new URL(link).searchParams.get('token') ?? '') : '';
  };
  return { ...t, tokenMailedTo };
}

describe('PATCH /account/me', () => {
  it('sets name and locale at once', async () => {
    const { call, logger } = await setup();
    const s = await signInCustomer(call, logger);
    const res = await call('PATCH', '/account/me', { headers: bearer(s.accessToken), body: { name: '  Ada Lovelace ', locale: 'de' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ name: 'Ada Lovelace', locale: 'de' });
    expect((await call('GET', '/account/me', { headers: bearer(s.accessToken) })).body.data).toMatchObject({ name: 'Ada Lovelace', locale: 'de' });
  });

  it('uses a new email only after its owner follows the mailed link, once', async () => {
    const { call, logger, tokenMailedTo } = await setup();
    const s = await signInCustomer(call, logger);
    const res = await call('PATCH', '/account/me', { headers: bearer(s.accessToken), body: { email: 'Ada@Example.test' } });
    expect(res.body.data).toEqual({ pendingEmail: 'ada@example.test' });
    expect((await call('GET', '/account/me', { headers: bearer(s.accessToken) })).body.data.email).toBeUndefined();
    const token = tokenMailedTo('ada@example.test');
    expect((await call('POST', '/auth/confirm-email', { body: { token } })).body.data).toEqual({ updated: true });
    expect((await call('GET', '/account/me', { headers: bearer(s.accessToken) })).body.data.email).toBe('ada@example.test');
    expect((await call('POST', '/auth/confirm-email', { body: { token } })).body.error?.code).toBe('INVALID_EMAIL_TOKEN');
  });

  it('answers an email another account holds (in any letter case) as any other, and mails its owner a notice with no link instead', async () => {
    const { call, logger, tokenMailedTo } = await setup();
    const first = await signInCustomer(call, logger);
    await call('PATCH', '/account/me', { headers: bearer(first.accessToken), body: { email: 'grace@example.test' } });
    await call('POST', '/auth/confirm-email', { body: { token: tokenMailedTo('grace@example.test') } });
    const second = await signInCustomer(call, logger);
    const taken = await call('PATCH', '/account/me', { headers: bearer(second.accessToken), body: { email: 'GRACE@example.TEST' } });
    const free = await call('PATCH', '/account/me', { headers: bearer(second.accessToken), body: { email: 'Nobody@example.TEST' } });
    expect([taken.status, free.status]).toEqual([200, 200]);
    expect(taken.body.data).toEqual({ pendingEmail: 'grace@example.test' });
    expect(free.body.data).toEqual({ pendingEmail: 'nobody@example.test' });
    const mails = await eventuallyMailed(logger, 'grace@example.test', 2);
    expect(mails.at(-1)?.subject).toBe('Your address is already in use on Talent Marketplace');
    expect(String(mails.at(-1)?.text)).not.toContain('https:');
    expect((await call('GET', '/account/me', { headers: bearer(first.accessToken) })).body.data.email).toBe('grace@example.test');
  });

  it('starts at most 5 email changes per account an hour, then 429 EMAIL_CHANGE_LIMIT with Retry-After (no mail); name and locale still apply', async () => {
    const { call, logger } = await setup();
    const s = await signInCustomer(call, logger);
    const mails = () => logger.lines.filter((l) => String(l.to ?? '').endsWith('@flood.example')).length;
    for (let i = 0; i < 5; i++)
      expect((await call('PATCH', '/account/me', { headers: bearer(s.accessToken), body: { email: `v${i}@flood.example` } })).status).toBe(200);
    await eventuallyMailed(logger, 'v4@flood.example', 1);
    const refused = await call('PATCH', '/account/me', { headers: bearer(s.accessToken), body: { email: 'v5@flood.example' } });
    expect([refused.status, refused.body.error?.code]).toEqual([429, 'EMAIL_CHANGE_LIMIT']);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait > 0 && wait <= 3600).toBe(true);
    expect(mails()).toBe(5);
    expect((await call('PATCH', '/account/me', { headers: bearer(s.accessToken), body: { name: 'Still Me' } })).status).toBe(200);
    // Another account is counted on its own.
    const other = await signInCustomer(call, logger);
    expect((await call('PATCH', '/account/me', { headers: bearer(other.accessToken), body: { email: 'w@flood.example' } })).status).toBe(200);
  });

  it('lets exactly one of two accounts confirming the same address at once have it', async () => {
    const { call, logger, tokenMailedTo } = await setup();
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      const s = await signInCustomer(call, logger);
      await call('PATCH', '/account/me', { headers: bearer(s.accessToken), body: { email: 'shared@example.test' } });
      tokens.push(tokenMailedTo('shared@example.test'));
    }
    const results = await Promise.all(tokens.map((token) => call('POST', '/auth/confirm-email', { body: { token } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)?.body.error?.code).toBe('EMAIL_TAKEN');
  });

  it('only the latest confirmation link works, and none after 24 h', async () => {
    const { call, logger, tokenMailedTo, clock } = await setup();
    const s = await signInCustomer(call, logger);
    await call('PATCH', '/account/me', { headers: bearer(s.accessToken), body: { email: 'one@example.test' } });
    const old = tokenMailedTo('one@example.test');
    await call('PATCH', '/account/me', { headers: bearer(s.accessToken), body: { email: 'two@example.test' } });
    expect((await call('POST', '/auth/confirm-email', { body: { token: old } })).body.error?.code).toBe('INVALID_EMAIL_TOKEN');
    clock.advance(24 * 60 * 60_000 + 1);
    expect((await call('POST', '/auth/confirm-email', { body: { token: tokenMailedTo('two@example.test') } })).body.error?.code).toBe('INVALID_EMAIL_TOKEN');
  });

  it('lets staff move their sign-in email', async () => {
    const { call, deps, tokenMailedTo } = await setup();
    const pm = await createStaff(deps);
    const s = (await call('POST', '/auth/staff-password-login', { body: { identifier: pm.email, password: pm.password } })).body.data;
    await call('PATCH', '/account/me', { headers: bearer(s.accessToken), body: { email: 'moved@staff.example.test' } });
    await call('POST', '/auth/confirm-email', { body: { token: tokenMailedTo('moved@staff.example.test') } });
    expect((await call('POST', '/auth/staff-password-login', { body: { identifier: 'moved@staff.example.test', password: pm.password } })).status).toBe(200);
  });

  it('refuses bad input with 400 and a stable code, and guests with 403', async () => {
    const { call, logger } = await setup();
    const s = await signInCustomer(call, logger);
    for (const [body, code] of [
      [{ locale: 'fr' }, 'INVALID_LOCALE'],
      [{ name: '   ' }, 'VALIDATION_FAILED'],
      [{ name: '' }, 'VALIDATION_FAILED'],
      [{ email: 'nope' }, 'VALIDATION_FAILED'],
      [{ name: 42 }, 'VALIDATION_FAILED'],
    ] as const) {
      const res = await call('PATCH', '/account/me', { headers: bearer(s.accessToken), body });
      expect({ body, status: res.status, code: res.body.error?.code }).toEqual({ body, status: 400, code });
    }
    expect((await call('POST', '/auth/confirm-email', { body: { token: 'x' } })).body.error?.code).toBe('INVALID_EMAIL_TOKEN');
    const guest = (await call('POST', '/auth/guest-access')).body.data;
    expect((await call('PATCH', '/account/me', { headers: bearer(guest.accessToken), body: { name: 'G' } })).status).toBe(403);
  });
});
