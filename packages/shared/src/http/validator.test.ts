import { describe, expect, it } from 'bun:test';
import { PmPreviewSchema, ServiceIndexLineSchema } from '@tm/contracts';
import { t } from 'elysia';
import { validatorOf } from './validator.ts';

const preview = {
  id: 'p1',
  slug: 'asha',
  displayName: 'Asha',
  headline: 'PM',
  listedRating: 4.5,
  listedReviewCount: 3,
  availability: { status: 'available', hoursPerWeek: 20, nextAvailableDate: '2026-12-01' },
  profileUrl: '/pm/asha',
};

describe('validatorOf', () => {
  it('checks against a contract schema without writing additionalProperties onto it', () => {
    const before = JSON.stringify(PmPreviewSchema);
    const lenient = validatorOf(PmPreviewSchema, { additionalProperties: true });
    const strict = validatorOf(ServiceIndexLineSchema);
    expect(lenient.Check({ ...preview, extra: 1 })).toBe(true);
    expect(lenient.Check({ ...preview, rating: 'high' })).toBe(false);
    expect(strict.Check({})).toBe(false);
    expect(JSON.stringify(PmPreviewSchema)).toBe(before);
    expect('additionalProperties' in PmPreviewSchema).toBe(false);
    expect('additionalProperties' in ServiceIndexLineSchema).toBe(false);
  });

  it('rejects extra fields by default, as getSchemaValidator does', () => {
    const schema = t.Object({ a: t.Number() });
    expect(validatorOf(schema).Check({ a: 1, b: 2 })).toBe(false);
    expect(validatorOf(schema, { additionalProperties: true }).Check({ a: 1, b: 2 })).toBe(true);
    expect('additionalProperties' in schema).toBe(false);
  });
});
