import { describe, expect, it } from 'bun:test';
import { type TalentIndexEntry, TalentIndexEntrySchema } from '@tm/contracts';
import { checkedAnswer, conformsTo, keepConforming } from './contract-check.ts';

const entry: TalentIndexEntry = {
  slug: 'asha-pm',
  kind: 'pm',
  displayName: 'Asha',
  headline: 'Lead',
  skills: ['Scrum'],
  location: 'IN',
  updatedAt: '2026-05-01T00:00:00Z',
};

describe('checking service answers against the contract', () => {
  it('accepts what the contract says, ignoring fields it does not name (even on a closed schema)', () => {
    expect(conformsTo(TalentIndexEntrySchema, entry)).toBe(true);
    expect(conformsTo(TalentIndexEntrySchema, { ...entry, addedLater: 1 })).toBe(true);
  });

  it('refuses a missing field, a wrong type or a value outside the contract union', () => {
    const { headline: _, ...noHeadline } = entry;
    expect(conformsTo(TalentIndexEntrySchema, noHeadline)).toBe(false);
    expect(conformsTo(TalentIndexEntrySchema, { ...entry, skills: 'Scrum' })).toBe(false);
    expect(conformsTo(TalentIndexEntrySchema, { ...entry, location: 'FR' })).toBe(false);
    expect(conformsTo(TalentIndexEntrySchema, { ...entry, slug: '' })).toBe(false);
  });

  it('keeps the conforming entries of a list and drops the rest; a non-list is empty', () => {
    expect(keepConforming(TalentIndexEntrySchema, [entry, { slug: 'x' }, null])).toEqual([entry]);
    expect(keepConforming(TalentIndexEntrySchema, { not: 'a list' })).toEqual([]);
  });

  it('turns a successful answer that breaks the contract into UPSTREAM_ERROR and passes failures through', () => {
    const headers = new Headers();
    expect(checkedAnswer({ ok: true, status: 200, headers, data: entry }, TalentIndexEntrySchema, 'talent')).toMatchObject({ ok: true });
    expect(checkedAnswer({ ok: true, status: 200, headers, data: { slug: 1 } }, TalentIndexEntrySchema, 'talent')).toMatchObject({
      ok: false,
      status: 502,
      code: 'UPSTREAM_ERROR',
    });
    const failure = { ok: false as const, status: 404, code: 'PROFILE_NOT_FOUND', message: 'No such profile' };
    expect(checkedAnswer(failure, TalentIndexEntrySchema, 'talent')).toBe(failure);
  });
});
