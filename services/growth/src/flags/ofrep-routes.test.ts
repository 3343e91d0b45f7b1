import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { OFREPProvider } from '@openfeature/ofrep-provider';
import { OpenFeature } from '@openfeature/server-sdk';
import { createGrowthUnderTest, type GrowthUnderTest } from '../testing.ts';

let t: GrowthUnderTest;
let server: ReturnType<typeof Bun.serve>;
let base: string;

const flags: Record<string, unknown> = {
  'dark-mode': { type: 'boolean', enabled: true, defaultValue: false },
  'checkout-copy': {
    type: 'string',
    enabled: true,
    defaultValue: 'Pay now',
    variants: [
      { key: 'control', value: 'Pay now', weight: 0.5 },
      { key: 'urgent', value: 'Pay now and start today', weight: 0.5 },
    ],
    rules: [
      { when: { role: 'admin' }, variant: 'urgent' },
      { when: { market: 'DE', lang: 'de' }, value: 'Jetzt bezahlen' },
      { when: { market: ['IN', 'AE'] }, percentage: 100 },
    ],
  },
  'max-items': { type: 'number', enabled: true, defaultValue: 50 },
  banner: { type: 'object', enabled: true, defaultValue: { text: 'hello', colour: 'blue' } },
  'old-thing': { type: 'boolean', enabled: false, defaultValue: true },
};

beforeAll(async () => {
  t = await createGrowthUnderTest();
  const { token } = await t.tokenFor('admin');
  for (const [key, body] of Object.entries(flags)) expect((await t.call('PUT', `/flags/${key}`, { token, body })).status).toBe(201);
  server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: (r) => t.app.handle(r) });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server.stop(true));

const evaluate = (context: unknown, headers: Record<string, string> = {}) =>
  t.call('POST', '/ofrep/v1/evaluate/flags', { body: context === undefined ? undefined : { context }, headers });

describe('OFREP bulk evaluation', () => {
  it('answers every enabled flag with its value, variant and reason, never its rules', async () => {
    const res = await evaluate({ deviceId: 'device-1', market: 'de', lang: 'de-DE' });
    expect(res.status).toBe(200);
    expect(res.body.success).toBeUndefined();
    expect(res.body.flags).toEqual([
      { key: 'banner', value: { text: 'hello', colour: 'blue' }, reason: 'STATIC' },
      { key: 'checkout-copy', value: 'Jetzt bezahlen', reason: 'TARGETING_MATCH' },
      { key: 'dark-mode', value: false, reason: 'STATIC' },
      { key: 'max-items', value: 50, reason: 'STATIC' },
    ]);
    expect(JSON.stringify(res.body)).not.toContain('rules');
    expect(JSON.stringify(res.body)).not.toContain('when');
  });

  it('answers a strong ETag, and 304 with no body to the same request naming it', async () => {
    const first = await evaluate({ deviceId: 'device-2', market: 'IN' });
    const etag = first.headers.get('etag') as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await evaluate({ deviceId: 'device-2', market: 'IN' }, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toEqual({});
    const other = await evaluate({ deviceId: 'device-3', market: 'DE', lang: 'de' }, { 'if-none-match': etag });
    expect(other.status).toBe(200);
  });

  it('splits by the device id, and reads userId and role from the token only, never from the context', async () => {
    const split = (await evaluate({ deviceId: 'device-9', market: 'IN' })).body.flags.find((f: { key: string }) => f.key === 'checkout-copy');
    expect(split.reason).toBe('SPLIT');
    expect(['control', 'urgent']).toContain(split.variant);
    const forged = (await evaluate({ deviceId: 'device-9', market: 'IN', role: 'admin', userId: 'u-1' })).body.flags.find(
      (f: { key: string }) => f.key === 'checkout-copy',
    );
    expect(forged).toEqual(split);
    const { token } = await t.tokenFor('admin');
    const admin = (await evaluate({ deviceId: 'device-9' }, { authorization: `Bearer ${token}` })).body.flags.find(
      (f: { key: string }) => f.key === 'checkout-copy',
    );
    expect(admin).toEqual({ key: 'checkout-copy', value: 'Pay now and start today', variant: 'urgent', reason: 'TARGETING_MATCH' });
    // A bad token is ignored (evaluation runs on every page view): anonymous, not 401.
    expect((await evaluate({ deviceId: 'device-9' }, { authorization: 'Bearer nonsense' })).status).toBe(200);
  });

  it("refuses a body that is not JSON (PARSE_ERROR) or a context that is not an object (INVALID_CONTEXT) in OFREP's error shape", async () => {
    const bad = await t.call('POST', '/ofrep/v1/evaluate/flags', { raw: '{"context":' });
    expect([bad.status, bad.body]).toEqual([400, { errorCode: 'PARSE_ERROR', errorDetails: expect.any(String) }]);
    for (const context of [[], 'x', { deviceId: 7 }, { market: 'x'.repeat(50) }]) {
      const res = await evaluate(context);
      expect([res.status, res.body.errorCode]).toEqual([400, 'INVALID_CONTEXT']);
    }
    expect((await t.call('POST', '/ofrep/v1/evaluate/flags')).status).toBe(200);
  });
});

describe('OFREP single evaluation', () => {
  it('answers one flag, a disabled one with DISABLED, and 404 FLAG_NOT_FOUND for an unknown key', async () => {
    const one = await t.call('POST', '/ofrep/v1/evaluate/flags/checkout-copy', { body: { context: { market: 'DE', lang: 'de' } } });
    expect(one.body).toEqual({ key: 'checkout-copy', value: 'Jetzt bezahlen', reason: 'TARGETING_MATCH' });
    expect((await t.call('POST', '/ofrep/v1/evaluate/flags/old-thing', { body: {} })).body).toEqual({ key: 'old-thing', value: true, reason: 'DISABLED' });
    const missing = await t.call('POST', '/ofrep/v1/evaluate/flags/nope', { body: {} });
    expect([missing.status, missing.body]).toEqual([404, { key: 'nope', errorCode: 'FLAG_NOT_FOUND', errorDetails: 'No flag named nope' }]);
  });

  it('shows a change made through the admin API at once', async () => {
    const { token } = await t.tokenFor('admin');
    await t.call('PUT', '/flags/max-items', { token, body: { type: 'number', enabled: true, defaultValue: 80 } });
    expect((await t.call('POST', '/ofrep/v1/evaluate/flags/max-items', { body: {} })).body.value).toBe(80);
  });
});

describe("OpenFeature's own OFREP provider as the client", () => {
  it('evaluates every type over HTTP, with reasons and variants, and falls back to the default for an unknown flag', async () => {
    await OpenFeature.setProviderAndWait('ofrep-client-test', new OFREPProvider({ baseUrl: base }));
    const client = OpenFeature.getClient('ofrep-client-test');
    const de = { targetingKey: 'device-77', market: 'DE', lang: 'de' };
    expect(await client.getBooleanValue('dark-mode', true, de)).toBe(false);
    const copy = await client.getStringDetails('checkout-copy', 'fallback', de);
    expect([copy.value, copy.reason]).toEqual(['Jetzt bezahlen', 'TARGETING_MATCH']);
    const split = await client.getStringDetails('checkout-copy', 'fallback', { targetingKey: 'device-77', market: 'IN' });
    expect(split.reason).toBe('SPLIT');
    expect(split.variant).toBeOneOf(['control', 'urgent']);
    expect(await client.getObjectValue('banner', {}, de)).toEqual({ text: 'hello', colour: 'blue' });
    const missing = await client.getNumberDetails('no-such-flag', 7, de);
    expect(missing.value).toBe(7);
    expect(String(missing.errorCode)).toBe('FLAG_NOT_FOUND');
  });
});
