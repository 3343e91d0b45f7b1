import { describe, expect, it } from 'bun:test';
import { createTestCatalog } from '../test-support.ts';
import type { ServiceDoc } from './model.ts';

const slugs = (body: { data: { slug: string }[] }) => body.data.map((s) => s.slug);

describe('service search by word prefixes', () => {
  it('answers 200 to a NUL byte in search (no pattern is ever built from it)', async () => {
    const { json } = await createTestCatalog();
    const { res, body } = await json('/services?search=a%00b');
    expect(res.status).toBe(200);
    expect(Array.isArray(body.data)).toBe(true);
  });

  it('matches the start of words, not the middle of them', async () => {
    const { json } = await createTestCatalog();
    expect(slugs((await json('/services?search=kube')).body)).toContain('kubernetes-setup');
    expect((await json('/services?search=ubernetes')).res.headers.get('x-total-count')).toBe('0');
  });

  it('needs every word of the query, in any order', async () => {
    const { json } = await createTestCatalog();
    const both = slugs((await json('/services?search=native%20react')).body);
    expect(both).toContain('react-native-developer');
    expect(both).not.toContain('vue-developer');
  });

  it('does not require the stop words of en, hi, ar and de (as the one search), unless the query is nothing else', async () => {
    const { json } = await createTestCatalog();
    const total = async (q: string, headers?: Record<string, string>) =>
      (await json(`/services?search=${encodeURIComponent(q)}`, headers ? { headers } : {})).body as { data: { slug: string }[] };
    const plain = slugs(await total('react developer'));
    expect(plain.length).toBeGreaterThan(0);
    expect(slugs(await total('a react developer for the web'))).toEqual(slugs(await total('react developer web')));
    expect(slugs(await total('react for developer'))).toEqual(plain);
    expect(slugs(await total('react के developer', { 'x-lang': 'hi' }))).toEqual(slugs(await total('react developer', { 'x-lang': 'hi' })));
    // Nothing but stop words: each is required, as a word prefix ("for" begins no word of this copy).
    expect((await total('for the')).data).toEqual([]);
  });

  it('folds case and German umlauts and sharp s', async () => {
    const { json } = await createTestCatalog();
    const plain = await json('/services?search=onlineshop', { headers: { 'x-country': 'DE', 'x-lang': 'de' } });
    const shouty = await json('/services?search=ONLINESHOP', { headers: { 'x-country': 'DE', 'x-lang': 'de' } });
    expect(slugs(shouty.body)).toEqual(slugs(plain.body));
  });

  it('searches Hindi and Arabic copy in their own script', async () => {
    const { json } = await createTestCatalog();
    const hi = await json(`/services?search=${encodeURIComponent('डेटा')}`, { headers: { 'x-lang': 'hi' } });
    expect(slugs(hi.body)).toContain('data-engineer');
    const arName = ((await json('/services/data-engineer', { headers: { 'x-lang': 'ar' } })).body.data.name as string).split(' ')[0] as string;
    const ar = await json(`/services?search=${encodeURIComponent(arName)}`, { headers: { 'x-lang': 'ar' } });
    expect(slugs(ar.body)).toContain('data-engineer');
  });

  it('pages search results with a total that counts every match', async () => {
    const { json } = await createTestCatalog();
    const all = await json('/services?search=developer&limit=100');
    const total = Number(all.res.headers.get('x-total-count'));
    expect(total).toBe(all.body.data.length);
    const second = await json('/services?search=developer&limit=5&page=2');
    expect(slugs(second.body)).toEqual(slugs(all.body).slice(5, 10));
    expect(second.res.headers.get('x-total-count')).toBe(String(total));
  });
});

describe('search over documents written without the repository', () => {
  it('finds a service inserted by hand (no stored search words) by the words of its copy', async () => {
    const { json, documents } = await createTestCatalog({ lazy: true });
    const services = documents.collection<ServiceDoc>('services');
    const react = (await services.findOne({ slug: 'react-developer' })) as ServiceDoc & { searchWords?: unknown };
    const { searchWords: _, ...copy } = react;
    const i18n = { ...copy.i18n, en: { ...copy.i18n.en, name: 'Zanzibar Specialist' } };
    await services.insertOne({ ...copy, _id: 'b'.repeat(24), slug: 'zanzibar-specialist', i18n });
    expect(slugs((await json('/services?search=zanzib')).body)).toEqual(['zanzibar-specialist']);
  });
});
