import { describe, expect, it } from 'bun:test';
import type { LegalVersionDoc } from './model.ts';
import { bodyHashOf, countsAsAccepted, translationFor, typesToAccept, versionInEffect } from './rules.ts';

const v = (version: number, effectiveAt: string, material = true): LegalVersionDoc => ({
  _id: `terms:DE:${version}`,
  type: 'terms',
  market: 'DE',
  version,
  effectiveAt,
  material,
  translations: { en: { title: `v${version}`, body: `body ${version}`, bodyHash: bodyHashOf(`body ${version}`) } },
  createdAt: effectiveAt,
  createdBy: 'test',
});

describe('the legal rules', () => {
  it('puts the highest version whose effectiveAt has come in effect, never a scheduled one', () => {
    const versions = [v(1, '2025-01-01T00:00:00Z'), v(2, '2026-01-01T00:00:00Z'), v(3, '2027-01-01T00:00:00Z')];
    expect(versionInEffect(versions, Date.parse('2025-06-01T00:00:00Z'))?.version).toBe(1);
    expect(versionInEffect(versions, Date.parse('2026-01-01T00:00:00Z'))?.version).toBe(2);
    expect(versionInEffect(versions, Date.parse('2028-01-01T00:00:00Z'))?.version).toBe(3);
    expect(versionInEffect(versions, Date.parse('2024-01-01T00:00:00Z'))).toBeUndefined();
  });

  it('orders by number: a later version in effect now beats an earlier one scheduled before it', () => {
    const versions = [v(1, '2025-01-01T00:00:00Z'), v(2, '2027-01-01T00:00:00Z'), v(3, '2025-06-01T00:00:00Z')];
    expect(versionInEffect(versions, Date.parse('2028-01-01T00:00:00Z'))?.version).toBe(3);
  });

  it('carries an acceptance across non-material versions and stops at a material one', () => {
    const versions = [
      v(1, '2025-01-01T00:00:00Z'),
      v(2, '2025-02-01T00:00:00Z', false),
      v(3, '2025-03-01T00:00:00Z', false),
      v(4, '2025-04-01T00:00:00Z', true),
    ];
    expect(countsAsAccepted(versions, 1, [1])).toBe(true);
    expect(countsAsAccepted(versions, 3, [1])).toBe(true);
    expect(countsAsAccepted(versions, 3, [2])).toBe(true);
    expect(countsAsAccepted(versions, 4, [1])).toBe(false);
    expect(countsAsAccepted(versions, 4, [3])).toBe(false);
    expect(countsAsAccepted(versions, 4, [1, 4])).toBe(true);
    expect(countsAsAccepted(versions, 2, [])).toBe(false);
    // An acceptance of a later version says nothing about an earlier one.
    expect(countsAsAccepted(versions, 1, [2])).toBe(false);
  });

  it('asks customers and guests for terms and privacy, talent for their agreement and privacy, admins for nothing', () => {
    expect(typesToAccept('customer')).toEqual(['terms', 'privacy']);
    expect(typesToAccept('guest')).toEqual(['terms', 'privacy']);
    expect(typesToAccept('pm')).toEqual(['talent-agreement', 'privacy']);
    expect(typesToAccept('resource')).toEqual(['talent-agreement', 'privacy']);
    expect(typesToAccept('admin')).toEqual([]);
  });

  it("shows the reader's translation, else English, and hashes the body as sha256 hex", () => {
    const version = v(1, '2025-01-01T00:00:00Z');
    expect(translationFor(version, 'de').lang).toBe('en');
    expect(bodyHashOf('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
