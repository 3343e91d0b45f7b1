/**
 * Growth end to end on real processes, through the gateway: the bootstrap admin creates a flag,
 * a visitor evaluates it over OFREP at the site root (ETag and 304 included), gives consent,
 * sends a tracking batch and a lead; the admin sees the lead and moves it on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { type RunningSystem, startSystem } from './support/system.ts';

const admin = { email: 'e2e-growth-admin@talent.example', password: 'correct horse battery staple' };
let sys: RunningSystem;
let adminToken: string;

beforeAll(async () => {
  sys = await startSystem({ BOOTSTRAP_ADMIN_EMAIL: admin.email, BOOTSTRAP_ADMIN_PASSWORD: admin.password, UPSTREAM_TIMEOUT_MS: '20000' });
  const login = await api('/auth/staff-password-login', { body: { identifier: admin.email, password: admin.password } });
  adminToken = (await login.json()).data.accessToken;
}, 60_000);
afterAll(async () => {
  await sys?.stop();
});

function api(path: string, init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  return fetch(`${sys.gateway}/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}
const ofrep = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${sys.gateway}/ofrep/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('growth through the gateway', () => {
  it('serves a flag the admin made over OFREP at the site root, unenveloped, with ETag and 304', async () => {
    const flag = { type: 'string', enabled: true, defaultValue: 'Pay now', rules: [{ when: { market: 'DE' }, value: 'Jetzt bezahlen' }] };
    expect((await api('/flags/checkout-copy', { method: 'PUT', token: adminToken, body: flag })).status).toBe(201);
    expect((await api('/flags/checkout-copy', { method: 'PUT', body: flag })).status).toBe(401);
    const bulk = await ofrep('/evaluate/flags', { context: { targetingKey: 'device-1', market: 'DE' } });
    expect(bulk.status).toBe(200);
    expect(await bulk.json()).toEqual({ flags: [{ key: 'checkout-copy', value: 'Jetzt bezahlen', reason: 'TARGETING_MATCH' }] });
    expect(bulk.headers.get('ratelimit-limit')).toMatch(/^\d+$/);
    const cached = await ofrep(
      '/evaluate/flags',
      { context: { targetingKey: 'device-1', market: 'DE' } },
      { 'if-none-match': bulk.headers.get('etag') as string },
    );
    expect(cached.status).toBe(304);
    const missing = await ofrep('/evaluate/flags/nope', {});
    expect([missing.status, (await missing.json()).errorCode]).toEqual([404, 'FLAG_NOT_FOUND']);
  });

  it('takes consent and a tracking batch, with per-event reasons', async () => {
    expect(
      (await api('/consents', { method: 'PUT', body: { anonymousId: 'device-1', purposes: { analytics: true, marketing: false }, noticeVersion: 'v1' } }))
        .status,
    ).toBe(200);
    const event = (messageId: string, anonymousId = 'device-1') => ({
      type: 'track',
      messageId,
      anonymousId,
      event: 'Viewed Service',
      timestamp: new Date().toISOString(),
    });
    const res = await api('/track', { body: { batch: [event('e2e-1'), event('e2e-1'), event('e2e-2', 'device-2')], sentAt: new Date().toISOString() } });
    expect((await res.json()).data).toEqual({
      accepted: 1,
      rejected: [
        { messageId: 'e2e-2', reason: 'no_consent' },
        { messageId: 'e2e-1', reason: 'duplicate' },
      ],
    });
  });

  it('takes a lead from the public form and lets the admin move it on', async () => {
    const lead = {
      name: 'Priya',
      email: 'priya@fintech.example',
      need: 'A team for our fintech app, starting next month.',
      market: 'IN',
      consentMarketing: false,
      formStartedAt: Date.now() - 60_000,
    };
    const created = await api('/leads', { body: lead });
    expect(created.status).toBe(201);
    const { id } = (await created.json()).data;
    const list = await api('/leads', { token: adminToken });
    expect((await list.json()).data.map((l: { id: string }) => l.id)).toContain(id);
    expect((await api(`/leads/${id}`, { method: 'PATCH', token: adminToken, body: { status: 'contacted', note: 'Called' } })).status).toBe(200);
    expect((await api(`/leads/${id}`, { method: 'PATCH', token: adminToken, body: { status: 'won' } })).status).toBe(409);
  });
});
