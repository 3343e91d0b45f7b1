import { describe, expect, it } from 'bun:test';
import { type Evaluation, evaluateFlag } from './evaluate.ts';
import { hashPosition } from './hashing.ts';
import type { FlagDoc } from './model.ts';

const flag = (over: Partial<FlagDoc>): FlagDoc => ({
  _id: 'new-checkout',
  type: 'string',
  enabled: true,
  defaultValue: 'old',
  hashAttribute: 'deviceId',
  version: 1,
  updatedAt: new Date(0),
  ...over,
});
const AB = [
  { key: 'control', value: 'old', weight: 0.5 },
  { key: 'treatment', value: 'new', weight: 0.5 },
];

describe('evaluateFlag', () => {
  it('answers the default for a disabled flag (DISABLED) and a plain one (STATIC)', () => {
    expect(evaluateFlag(flag({ enabled: false, variants: AB }), { deviceId: 'd1' })).toEqual({ value: 'old', reason: 'DISABLED' });
    expect(evaluateFlag(flag({}), {})).toEqual({ value: 'old', reason: 'STATIC' });
  });

  it('splits every id by the weights when there are variants and no rules (SPLIT), the same id always alike', () => {
    const first = evaluateFlag(flag({ variants: AB }), { deviceId: 'device-42' });
    expect(first.reason).toBe('SPLIT');
    for (let i = 0; i < 5; i++) expect(evaluateFlag(flag({ variants: AB }), { deviceId: 'device-42' })).toEqual(first);
    const expected = (hashPosition('new-checkout', 'device-42') ?? 0) < 0.5 ? 'control' : 'treatment';
    expect(first.variant).toBe(expected);
  });

  it('answers the default (DEFAULT) when bucketing needs an id the context lacks', () => {
    expect(evaluateFlag(flag({ variants: AB }), {})).toEqual({ value: 'old', reason: 'DEFAULT' });
    expect(evaluateFlag(flag({ variants: AB, hashAttribute: 'userId' }), { deviceId: 'd1' })).toEqual({ value: 'old', reason: 'DEFAULT' });
    expect(evaluateFlag(flag({ variants: AB, hashAttribute: 'userId' }), { userId: 'u1' }).reason).toBe('SPLIT');
  });

  it('applies the first matching rule (TARGETING_MATCH) by market, language, role and platform', () => {
    const f = flag({
      rules: [
        { when: { market: 'DE', role: ['admin', 'pm'] }, value: 'staff-de' },
        { when: { market: ['DE', 'AE'], lang: 'de' }, value: 'german' },
        { when: { platform: 'ios' }, value: 'ios' },
      ],
    });
    expect(evaluateFlag(f, { market: 'DE', role: 'pm', lang: 'de' })).toEqual({ value: 'staff-de', reason: 'TARGETING_MATCH' });
    expect(evaluateFlag(f, { market: 'DE', role: 'customer', lang: 'de' })).toEqual({ value: 'german', reason: 'TARGETING_MATCH' });
    expect(evaluateFlag(f, { market: 'IN', platform: 'iOS' })).toEqual({ value: 'ios', reason: 'TARGETING_MATCH' });
    expect(evaluateFlag(f, { market: 'IN' })).toEqual({ value: 'old', reason: 'DEFAULT' });
  });

  it('gives a rule with a percentage to that share of the matching ids, and a rule naming a variant its value', () => {
    const f = flag({ variants: AB, rules: [{ when: { market: 'DE' }, percentage: 10, variant: 'treatment' }] });
    let hits = 0;
    for (let i = 0; i < 10_000; i++) {
      const e: Evaluation = evaluateFlag(f, { market: 'DE', deviceId: `d-${i}` });
      if (e.reason === 'TARGETING_MATCH') {
        hits++;
        expect(e).toEqual({ value: 'new', variant: 'treatment', reason: 'TARGETING_MATCH' });
      } else expect(e.reason).toBe('DEFAULT');
    }
    expect(Math.abs(hits / 10_000 - 0.1)).toBeLessThanOrEqual(0.02);
    expect(evaluateFlag(f, { market: 'DE' }).reason).toBe('DEFAULT');
  });

  it('splits a share of the matching ids by the weights when a rule has neither value nor variant', () => {
    const f = flag({ variants: AB, rules: [{ when: {}, percentage: 20 }] });
    const seen = { control: 0, treatment: 0, none: 0 };
    for (let i = 0; i < 10_000; i++) {
      const e = evaluateFlag(f, { deviceId: `x-${i}` });
      seen[(e.variant as 'control' | 'treatment' | undefined) ?? 'none']++;
    }
    expect(Math.abs(seen.control / 10_000 - 0.1)).toBeLessThanOrEqual(0.02);
    expect(Math.abs(seen.treatment / 10_000 - 0.1)).toBeLessThanOrEqual(0.02);
  });

  it('buckets by the seed when one is given, so two flags can split the same ids independently', () => {
    const a = flag({ _id: 'a', variants: AB });
    const b = flag({ _id: 'b', variants: AB, seed: 'a' });
    for (let i = 0; i < 100; i++) expect(evaluateFlag(a, { deviceId: `s-${i}` })).toEqual(evaluateFlag(b, { deviceId: `s-${i}` }));
  });
});
