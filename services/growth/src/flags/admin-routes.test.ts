import { describe, expect, it } from 'bun:test';
import { createGrowthUnderTest } from '../testing.ts';

const AB = {
  type: 'string',
  enabled: true,
  defaultValue: 'old',
  variants: [
    { key: 'control', value: 'old', weight: 0.5 },
    { key: 'treatment', value: 'new', weight: 0.5 },
  ],
  rules: [{ when: { market: 'DE' }, percentage: 50 }],
  goalEvent: 'Booking Paid',
};

describe('flag administration', () => {
  it('creates (201), replaces (200, version up, left-out fields removed), reads, lists and deletes a flag, all in its history', async () => {
    const { call, tokenFor } = await createGrowthUnderTest();
    const { token, sub } = await tokenFor('admin');
    const created = await call('PUT', '/flags/new-checkout', { token, body: AB });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ key: 'new-checkout', version: 1, hashAttribute: 'deviceId', goalEvent: 'Booking Paid' });
    const replaced = await call('PUT', '/flags/new-checkout', { token, body: { type: 'string', enabled: false, defaultValue: 'old' } });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({ version: 2, enabled: false });
    expect(replaced.body.data.variants).toBeUndefined();
    expect(replaced.body.data.goalEvent).toBeUndefined();
    expect((await call('GET', '/flags/new-checkout', { token })).body.data.version).toBe(2);
    expect((await call('GET', '/flags', { token })).body.data.map((f: { key: string }) => f.key)).toEqual(['new-checkout']);
    expect((await call('DELETE', '/flags/new-checkout', { token })).body.data).toEqual({ key: 'new-checkout', deleted: true });
    expect((await call('GET', '/flags/new-checkout', { token })).body.error.code).toBe('FLAG_NOT_FOUND');
    expect((await call('DELETE', '/flags/new-checkout', { token })).status).toBe(404);
    const history = (await call('GET', '/flags/new-checkout/history', { token })).body.data;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['deleted', 'replaced', 'created']);
    expect(history[0]).toMatchObject({ by: { id: sub, role: 'admin' }, flag: null });
    expect(history[2].flag.variants).toHaveLength(2);
  });

  it('keeps flags to admins: 401 without a token, 403 for other roles', async () => {
    const { call, tokenFor } = await createGrowthUnderTest();
    expect((await call('GET', '/flags')).status).toBe(401);
    for (const role of ['customer', 'guest', 'pm'] as const) {
      const { token } = await tokenFor(role);
      expect((await call('PUT', '/flags/x', { token, body: AB })).status).toBe(403);
      expect((await call('GET', '/flags/x/history', { token })).status).toBe(403);
    }
  });

  it('refuses a bad flag with 400 INVALID_FLAG naming the problem, and stores nothing', async () => {
    const { call, tokenFor } = await createGrowthUnderTest();
    const { token } = await tokenFor('admin');
    const cases: [unknown, string][] = [
      [{ ...AB, defaultValue: 3 }, 'defaultValue'],
      [{ ...AB, variants: [{ key: 'a', value: 'x', weight: 0.5 }] }, 'weights sum to 0.5'],
      [{ ...AB, variants: [...AB.variants, { key: 'control', value: 'x', weight: 0 }] }, 'used twice'],
      [{ ...AB, rules: [{ when: {}, variant: 'nope' }] }, '"nope" is not one of the variants'],
      [{ ...AB, rules: [{ when: {}, value: 'a', variant: 'control' }] }, 'not both'],
      [{ ...AB, variants: undefined, rules: [{ when: {} }] }, 'has none'],
      [{ ...AB, rules: [{ when: { market: 'FR' } }] }, 'rules'],
      [{ ...AB, rules: [{ when: { shoeSize: 43 } }] }, 'rules'],
      [{ ...AB, type: 'date' }, 'type'],
      [{ ...AB, surprise: true }, 'surprise'],
      [{ ...AB, type: 'object', defaultValue: [1], variants: undefined, rules: undefined }, 'defaultValue'],
      [{ ...AB, type: 'object', defaultValue: 'x', variants: undefined, rules: undefined }, 'must be an object'],
    ];
    for (const [body, mention] of cases) {
      const res = await call('PUT', '/flags/bad-flag', { token, body });
      expect({ mention, status: res.status, code: res.body.error?.code }).toEqual({ mention, status: 400, code: 'INVALID_FLAG' });
      expect(res.body.error.message).toContain(mention);
    }
    expect((await call('PUT', '/flags/Bad Key', { token, body: AB })).body.error.code).toBe('INVALID_FLAG');
    expect((await call('GET', '/flags', { token })).body.data).toEqual([]);
  });
});
