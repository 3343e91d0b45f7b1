import { describe, expect, it } from 'bun:test';
import { createGrowthUnderTest, type GrowthUnderTest } from '../testing.ts';

const EXPERIMENT = {
  type: 'string',
  enabled: true,
  defaultValue: 'old',
  variants: [
    { key: 'control', value: 'old', weight: 0.5 },
    { key: 'treatment', value: 'new', weight: 0.5 },
  ],
  goalEvent: 'Booking Paid',
};

async function setup(): Promise<GrowthUnderTest & { admin: string }> {
  const t = await createGrowthUnderTest();
  const { token } = await t.tokenFor('admin');
  await t.call('PUT', '/flags/checkout-test', { token, body: EXPERIMENT });
  return { ...t, admin: token };
}
const consent = (t: GrowthUnderTest, anonymousId: string) =>
  t.call('PUT', '/consents', { body: { anonymousId, purposes: { analytics: true, marketing: false }, noticeVersion: 'v1' } });
const expose = (t: GrowthUnderTest, deviceId: string, variant: string, headers: Record<string, string> = {}) =>
  t.call('POST', '/experiments/exposures', { body: { flagKey: 'checkout-test', variant, deviceId }, headers });

describe('exposures', () => {
  it('records the first exposure of a device to a flag (201) and only that one (200 duplicate)', async () => {
    const t = await setup();
    await consent(t, 'd1');
    expect((await expose(t, 'd1', 'control')).status).toBe(201);
    const again = await expose(t, 'd1', 'treatment');
    expect([again.status, again.body.data]).toEqual([200, { recorded: false, reason: 'duplicate' }]);
    const results = (await t.call('GET', '/experiments/checkout-test/results', { token: t.admin })).body.data;
    expect(results.variants.map((v: { exposures: number }) => v.exposures)).toEqual([1, 0]);
  });

  it('records nothing without analytics consent or with Sec-GPC: 1, and refuses an unknown flag or variant', async () => {
    const t = await setup();
    expect((await expose(t, 'no-consent', 'control')).body.data).toEqual({ recorded: false, reason: 'no_consent' });
    await consent(t, 'd2');
    expect((await expose(t, 'd2', 'control', { 'sec-gpc': '1' })).body.data).toEqual({ recorded: false, reason: 'no_consent' });
    expect((await expose(t, 'd2', 'purple')).body.error.code).toBe('INVALID_EXPOSURE');
    expect((await t.call('POST', '/experiments/exposures', { body: { flagKey: 'nope', variant: 'a', deviceId: 'd2' } })).body.error.code).toBe(
      'FLAG_NOT_FOUND',
    );
    expect((await t.call('POST', '/experiments/exposures', { body: { flagKey: 'checkout-test' } })).body.error.code).toBe('INVALID_EXPOSURE');
  });
});

describe('experiment results', () => {
  it("counts conversions: exposed devices that sent the flag's goalEvent after their exposure, once each", async () => {
    const t = await setup();
    for (const d of ['a', 'b', 'c', 'd']) {
      await consent(t, d);
      await expose(t, d, d < 'c' ? 'control' : 'treatment');
    }
    const event = (messageId: string, anonymousId: string, timestamp: string, name = 'Booking Paid') => ({
      type: 'track',
      messageId,
      anonymousId,
      event: name,
      timestamp,
    });
    await t.call('POST', '/track', {
      body: {
        batch: [
          event('e1', 'a', '2026-05-01T09:00:00.000Z'),
          event('e2', 'a', '2026-05-01T09:00:00.000Z'),
          event('e3', 'c', '2026-05-01T09:00:00.000Z'),
          event('e4', 'b', '2026-05-01T08:00:00.000Z'),
          event('e5', 'd', '2026-05-01T09:00:00.000Z', 'Viewed Service'),
        ],
      },
    });
    const results = (await t.call('GET', '/experiments/checkout-test/results', { token: t.admin })).body.data;
    expect(results).toMatchObject({
      flagKey: 'checkout-test',
      goalEvent: 'Booking Paid',
      variants: [
        { key: 'control', weight: 0.5, exposures: 2, conversions: 1 },
        { key: 'treatment', weight: 0.5, exposures: 2, conversions: 1 },
      ],
      srm: { mismatch: false },
    });
  });

  it('says sample ratio mismatch for a skewed split and not for a fair one', async () => {
    const t = await setup();
    const record = async (prefix: string, control: number, treatment: number) => {
      for (let i = 0; i < control + treatment; i++) {
        const id = `${prefix}-${i}`;
        await t.parts.exposures.record('checkout-test', i < control ? 'control' : 'treatment', id, new Date(t.clock.now()));
      }
    };
    await record('fair', 510, 490);
    let srm = (await t.call('GET', '/experiments/checkout-test/results', { token: t.admin })).body.data.srm;
    expect(srm.mismatch).toBe(false);
    expect(srm.pValue).toBeGreaterThan(0.1);
    await record('skew', 300, 0);
    srm = (await t.call('GET', '/experiments/checkout-test/results', { token: t.admin })).body.data.srm;
    expect(srm.mismatch).toBe(true);
    expect(srm.pValue).toBeLessThan(0.001);
  });

  it('is for admins, and 404 FLAG_NOT_FOUND for an unknown flag', async () => {
    const t = await setup();
    expect((await t.call('GET', '/experiments/checkout-test/results')).status).toBe(401);
    expect((await t.call('GET', '/experiments/checkout-test/results', { token: (await t.tokenFor('customer')).token })).status).toBe(403);
    expect((await t.call('GET', '/experiments/nope/results', { token: t.admin })).body.error.code).toBe('FLAG_NOT_FOUND');
  });
});
