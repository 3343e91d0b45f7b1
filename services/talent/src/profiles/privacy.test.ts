import { describe, expect, it } from 'bun:test';
import { CATALOG_SERVICE_SLUGS, createSeededApp } from '../testing.ts';
import { loadSeedProfiles } from './seed.ts';

/**
 * Walks every response of every endpoint for every seeded profile (listed, hidden and inactive
 * alike) and fails on anything that looks like contact data or repeats an internal note.
 */
const seed = loadSeedProfiles();
const { get } = await createSeededApp();

const EMAIL_LIKE = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;
/** Nine or more digits with short separators between them, once ISO dates and ids are removed. */
const PHONE_LIKE = /\+?\d(?:[\s().-]{0,2}\d){8,}/;
const ISO_DATE = /\d{4}-\d{2}(-\d{2}(T[\d:.]+Z)?)?/g;
/** Generated identifiers (24-hex ids, UUID request ids) are digit-rich but never contact data. */
const GENERATED_IDS = /\b[0-9a-f]{24}\b|\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const PRIVATE_KEYS = new Set(['email', 'phone', 'contact', 'internalNotes', 'notes', 'indexable', 'active']);

function isPhoneLike(value: string): boolean {
  return PHONE_LIKE.test(value.replace(GENERATED_IDS, ' ').replace(ISO_DATE, ' '));
}

function* walk(value: unknown, path = '$'): Generator<{ path: string; key?: string; value: unknown }> {
  yield { path, value };
  if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* walk(v, `${path}[${i}]`);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      yield { path: `${path}.${k}`, key: k, value: k };
      yield* walk(v, `${path}.${k}`);
    }
}

const secrets = seed.flatMap((p) => [p.contact.email, p.contact.phone, p.contact.phone.replace(/\D/g, ''), p.internalNotes]);

function problemsIn(label: string, text: string, headers: Headers): string[] {
  const problems: string[] = [];
  for (const s of secrets) if (text.includes(s)) problems.push(`${label}: contains stored secret "${s}"`);
  headers.forEach((value, name) => {
    if (EMAIL_LIKE.test(value) || isPhoneLike(value)) problems.push(`${label}: header ${name}`);
  });
  for (const node of walk(JSON.parse(text))) {
    if (node.key !== undefined && PRIVATE_KEYS.has(node.key)) problems.push(`${label}: private key at ${node.path}`);
    if (typeof node.value === 'string' && (EMAIL_LIKE.test(node.value) || isPhoneLike(node.value)))
      problems.push(`${label}: contact-like value at ${node.path}: ${node.value}`);
  }
  return problems;
}

function everyPath(): string[] {
  const paths = ['/talent/sitemap', '/internal/talent-index'];
  for (const p of seed) {
    for (const key of [p.slug, p._id]) paths.push(`/pm/${key}/profile`, `/resource/${key}/profile`, `/talent/${key}`);
  }
  for (const service of CATALOG_SERVICE_SLUGS) paths.push(`/internal/pm-previews?service=${service}&limit=10`);
  return paths;
}

describe('public responses', () => {
  it('the detectors recognise every stored email and phone number (so the walk can fail)', () => {
    for (const p of seed) {
      expect(EMAIL_LIKE.test(p.contact.email)).toBe(true);
      expect(isPhoneLike(p.contact.phone)).toBe(true);
    }
    expect(isPhoneLike('2026-11-20T10:00:00.000Z')).toBe(false);
    expect(isPhoneLike('3,000 requests per second')).toBe(false);
  });

  it('never contain an email, a phone number, an internal note or a private field', async () => {
    const problems: string[] = [];
    let served = 0;
    for (const path of everyPath()) {
      const res = await get(path);
      if (res.status === 200) served++;
      problems.push(...problemsIn(`GET ${path} (${res.status})`, await res.text(), res.headers));
    }
    expect(problems).toEqual([]);
    // Every active profile is reachable by its role's route, so the walk really covered the profiles.
    expect(served).toBeGreaterThan(seed.filter((p) => p.active).length * 2);
  });
});
