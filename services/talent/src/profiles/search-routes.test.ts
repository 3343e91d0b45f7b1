import { describe, expect, it } from 'bun:test';
import type { StaffProfile as PublicProfile } from '@tm/contracts';
import { createSeededApp } from '../testing.ts';
import { loadSeedProfiles } from './seed.ts';

type Page = { success: boolean; data: PublicProfile[]; error?: { code: string } };
const listed = loadSeedProfiles().filter((p) => p.active && p.indexable);

async function search(query: string) {
  const { get } = await createSeededApp();
  const res = await get(`/talent${query}`);
  return { res, body: (await res.json()) as Page };
}

describe('GET /talent', () => {
  it('lists every listed profile, bookable first, with X-Total-Count and a Link header', async () => {
    const { res, body } = await search('?limit=100');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe(String(listed.length));
    expect(body.data.map((p) => p.slug).sort()).toEqual(listed.map((p) => p.slug).sort());
    const order = body.data.map((p) => p.availability.status);
    expect(order.indexOf('unavailable')).toBeGreaterThan(order.lastIndexOf('available'));
    expect(res.headers.get('link')).toContain('rel="first"');
  });

  it('never returns contact data or internal notes', async () => {
    const { body } = await search('?limit=100');
    const text = JSON.stringify(body.data);
    expect(text).not.toContain('talent-ops.example.com');
    expect(text).not.toContain('internalNotes');
    for (const p of body.data) expect(p).not.toHaveProperty('contact');
  });

  it('finds fintech PMs from free text "PM for fintech" ("for" is not a required word; "pm" stands for project manager)', async () => {
    const { res, body } = await search(`?search=${encodeURIComponent('PM for fintech')}&limit=100`);
    expect(res.status).toBe(200);
    const fintechPms = listed.filter((p) => p.role === 'pm' && p.industries?.includes('fintech')).map((p) => p.slug);
    expect(fintechPms.length).toBeGreaterThan(1);
    expect(body.data.map((p) => p.slug)).toEqual(expect.arrayContaining(fintechPms));
    for (const p of body.data) expect(p.industries).toContain('fintech');
  });

  it('ranks "fintech project manager" by relevance: fintech PMs titled Project Manager first, never a PM without fintech', async () => {
    const { body } = await search(`?search=${encodeURIComponent('fintech project manager')}&limit=100`);
    const slugs = body.data.map((p) => p.slug);
    const titled = listed.filter((p) => p.industries?.includes('fintech') && /project manager/i.test(p.headline)).map((p) => p.slug);
    expect(titled.length).toBeGreaterThan(1);
    expect(slugs.slice(0, titled.length).sort()).toEqual(titled.sort());
    for (const p of body.data) expect(p.industries).toContain('fintech');
  });

  it('tolerates a typo and a transliteration in free text', async () => {
    const typo = (await search(`?search=${encodeURIComponent('fintehc')}&limit=100`)).body.data;
    const exact = (await search('?search=fintech&limit=100')).body.data;
    expect(typo.map((p) => p.slug).sort()).toEqual(exact.map((p) => p.slug).sort());
    expect(exact.length).toBeGreaterThan(0);
    const hindi = (await search(`?search=${encodeURIComponent('प्रोजेक्ट मैनेजर')}&limit=100`)).body.data;
    expect(hindi.map((p) => p.slug)).toEqual((await search('?search=project%20manager&limit=100')).body.data.map((p) => p.slug));
  });

  it('finds a PM for a fintech project with role and industry', async () => {
    const { body } = await search('?role=pm&industry=fintech');
    expect(body.data.length).toBeGreaterThan(0);
    for (const p of body.data) {
      expect(p.role).toBe('pm');
      expect(p.industries).toContain('fintech');
    }
    const expected = listed.filter((p) => p.role === 'pm' && p.industries?.includes('fintech')).length;
    expect(body.data.length).toBe(expected);
  });

  it('matches word beginnings of the text in any letter case', async () => {
    const sample = listed.find((p) => p.role === 'expert') as (typeof listed)[number];
    const last = sample.displayName.split(' ').at(-1) as string;
    const { body } = await search(`?search=${encodeURIComponent(last.slice(0, 4).toUpperCase())}`);
    expect(body.data.map((p) => p.slug)).toContain(sample.slug);
  });

  it('keeps only people with every skill asked for', async () => {
    const sample = listed.find((p) => p.skills.length >= 2) as (typeof listed)[number];
    const [a, b] = sample.skills.map((s) => s.name);
    const { body } = await search(`?skills=${encodeURIComponent(`${a},${b}`)}`);
    expect(body.data.map((p) => p.slug)).toContain(sample.slug);
    for (const p of body.data) {
      const names = p.skills.map((s) => s.name.toLowerCase());
      expect(names).toContain((a as string).toLowerCase());
      expect(names).toContain((b as string).toLowerCase());
    }
  });

  it('filters by availability both ways', async () => {
    const yes = await search('?available=true&limit=100');
    const no = await search('?available=false&limit=100');
    expect(yes.body.data.every((p) => p.availability.status !== 'unavailable')).toBe(true);
    expect(no.body.data.every((p) => p.availability.status === 'unavailable')).toBe(true);
    expect(yes.body.data.length + no.body.data.length).toBe(listed.length);
  });

  it('pages like GET /services', async () => {
    const all = await search('?limit=100');
    const second = await search('?limit=5&page=2');
    expect(second.body.data.map((p) => p.slug)).toEqual(all.body.data.slice(5, 10).map((p) => p.slug));
    const beyond = await search('?page=999');
    expect(beyond.body.data).toEqual([]);
    expect(beyond.res.headers.get('x-total-count')).toBe(String(listed.length));
  });

  it('treats a NUL byte or regex characters in search as words, never as a pattern', async () => {
    for (const q of ['a%00b', encodeURIComponent('.*('), encodeURIComponent('[')]) {
      const { res } = await search(`?search=${q}`);
      expect(res.status).toBe(200);
    }
  });

  const bad: [string, string][] = [
    ['?page=0', 'INVALID_PAGE'],
    ['?page=x', 'INVALID_PAGE'],
    ['?limit=101', 'INVALID_LIMIT'],
    ['?limit=1.5', 'INVALID_LIMIT'],
    ['?role=ceo', 'INVALID_ROLE'],
    ['?role=pm&role=expert', 'INVALID_ROLE'],
    [`?search=${'x'.repeat(101)}`, 'INVALID_SEARCH'],
    [`?skills=${Array.from({ length: 11 }, (_, i) => `s${i}`).join(',')}`, 'INVALID_SKILLS'],
    [`?industry=${'y'.repeat(101)}`, 'INVALID_INDUSTRY'],
    ['?available=yes', 'INVALID_AVAILABLE'],
  ];
  for (const [query, code] of bad) {
    it(`answers 400 ${code} for ${query.slice(0, 40)}`, async () => {
      const { res, body } = await search(query);
      expect(res.status).toBe(400);
      expect(body).toMatchObject({ success: false, error: { code } });
    });
  }
});
