import { describe, expect, it } from 'bun:test';
import { IndexTrailerSchema, PageIndexLineSchema } from '@tm/contracts';
import { validatorOf } from '@tm/shared/http';
import { createContentUnderTest } from '../testing.ts';

const draft = (over: Record<string, unknown> = {}) => ({
  type: 'page',
  lang: 'en',
  slug: 'careers',
  title: 'Careers',
  summary: 'Join us',
  body: '# Careers\n\nWe hire.',
  ...over,
});

async function setUp() {
  const t = await createContentUnderTest();
  const admin = (await t.tokenFor('admin')).token;
  return { t, admin };
}

describe('the public pages', () => {
  it("lists published pages in the caller's language, English where a group has none", async () => {
    const { t } = await setUp();
    const de = await t.call('GET', '/content/pages?type=page', { headers: { 'x-lang': 'de' } });
    expect(de.status).toBe(200);
    expect(de.body.data.map((p: { slug: string }) => p.slug).sort()).toEqual(['how-it-works', 'ueber-uns']);
    expect(de.headers.get('x-total-count')).toBe('2');
    const faq = (await t.call('GET', '/content/pages?type=faq')).body.data;
    expect(faq.map((p: { slug: string }) => p.slug).sort()).toEqual(['general', 'payments']);
    expect(faq[0].faq.length).toBeGreaterThan(0);
    const paged = await t.call('GET', '/content/pages?limit=2&page=2');
    expect(paged.body.data).toHaveLength(2);
    expect(paged.headers.get('link')).toContain('rel="prev"');
  });

  it('answers a published page with sanitized HTML and its published translations, with an ETag', async () => {
    const { t } = await setUp();
    const res = await t.call('GET', '/content/pages/about');
    expect(res.status).toBe(200);
    expect(res.body.data.bodyHtml).toContain('<h1>About us</h1>');
    expect(res.body.data.alternates.map((a: { lang: string }) => a.lang).sort()).toEqual(['de', 'en', 'hi']);
    expect((await t.call('GET', '/content/pages/about', { headers: { 'if-none-match': res.headers.get('etag') as string } })).status).toBe(304);
    expect((await t.call('GET', '/content/pages/nothing-here')).body.error.code).toBe('PAGE_NOT_FOUND');
  });

  it('rejects bad list queries with their own codes', async () => {
    const { t } = await setUp();
    expect((await t.call('GET', '/content/pages?type=blog')).body.error.code).toBe('INVALID_PAGE_TYPE');
    expect((await t.call('GET', '/content/pages?page=0')).body.error.code).toBe('INVALID_PAGE');
    expect((await t.call('GET', '/content/pages?limit=101')).body.error.code).toBe('INVALID_LIMIT');
    expect((await t.call('GET', '/content/pages?status=gone')).body.error.code).toBe('INVALID_STATUS');
    expect((await t.call('GET', '/content/pages?status=draft')).status).toBe(401);
    const customer = (await t.tokenFor('customer')).token;
    expect((await t.call('GET', '/content/pages?status=draft', { token: customer })).status).toBe(403);
  });
});

describe('editing pages', () => {
  it('creates a draft nobody sees until it is published, and lists drafts to admins', async () => {
    const { t, admin } = await setUp();
    const created = await t.call('POST', '/content/pages', { token: admin, body: draft() });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ status: 'draft', version: 1, slug: 'careers' });
    expect((await t.call('GET', '/content/pages/careers')).status).toBe(404);
    const drafts = await t.call('GET', '/content/pages?status=draft', { token: admin });
    expect(drafts.body.data.map((p: { id: string }) => p.id)).toEqual([created.body.data.id]);
    const published = await t.call('POST', `/content/pages/${created.body.data.id}/publish`, { token: admin });
    expect(published.body.data).toMatchObject({ status: 'published', version: 2, publishedAt: '2026-03-01T10:00:00.000Z' });
    expect((await t.call('GET', '/content/pages/careers')).body.data.bodyHtml).toContain('We hire.');
    const unpublished = await t.call('POST', `/content/pages/${created.body.data.id}/unpublish`, { token: admin });
    expect(unpublished.body.data.status).toBe('archived');
    expect((await t.call('GET', '/content/pages/careers')).status).toBe(404);
  });

  it('publishes one language without publishing another', async () => {
    const { t, admin } = await setUp();
    const en = (await t.call('POST', '/content/pages', { token: admin, body: draft() })).body.data;
    const de = (await t.call('POST', '/content/pages', { token: admin, body: draft({ lang: 'de', slug: 'karriere', title: 'Karriere', groupId: en.groupId }) }))
      .body.data;
    await t.call('POST', `/content/pages/${de.id}/publish`, { token: admin });
    expect((await t.call('GET', '/content/pages/karriere')).status).toBe(200);
    expect((await t.call('GET', '/content/pages/careers')).status).toBe(404);
    expect((await t.call('GET', `/content/pages?status=draft`, { token: admin })).body.data.map((p: { id: string }) => p.id)).toEqual([en.id]);
    expect((await t.call('POST', '/content/pages', { token: admin, body: draft({ lang: 'de', slug: 'jobs', groupId: en.groupId }) })).body.error.code).toBe(
      'GROUP_LANGUAGE_TAKEN',
    );
    expect((await t.call('POST', '/content/pages', { token: admin, body: draft({ lang: 'hi', slug: 'x', groupId: 'f'.repeat(24) }) })).body.error.code).toBe(
      'GROUP_NOT_FOUND',
    );
  });

  it('lets one of two admins editing the same version win; the other gets 409 VERSION_CONFLICT', async () => {
    const { t, admin } = await setUp();
    const other = (await t.tokenFor('admin')).token;
    const page = (await t.call('POST', '/content/pages', { token: admin, body: draft() })).body.data;
    const [a, b] = await Promise.all([
      t.call('PATCH', `/content/pages/${page.id}`, { token: admin, body: { version: 1, title: 'Careers at us' } }),
      t.call('PATCH', `/content/pages/${page.id}`, { token: other, body: { version: 1, title: 'Work with us' } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.error.code).toBe('VERSION_CONFLICT');
    const winner = a.status === 200 ? a : b;
    expect(winner.body.data.version).toBe(2);
    const stored = (await t.call('GET', '/content/pages?status=draft', { token: admin })).body.data[0];
    expect(stored.title).toBe(winner.body.data.title);
  });

  it('answers an old slug of a published page with 301 to the new one', async () => {
    const { t, admin } = await setUp();
    const about = (await t.call('GET', '/content/pages/about')).body.data;
    const moved = await t.call('PATCH', `/content/pages/${about.id}`, { token: admin, body: { version: about.version, slug: 'about-us' } });
    expect(moved.status).toBe(200);
    const old = await t.call('GET', '/content/pages/about');
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/content/pages/about-us');
    expect((await t.call('GET', '/content/pages/about-us')).status).toBe(200);
  });

  it('refuses a taken slug with 409, a bad slug, unknown field or id with 400, and an unknown page with 404', async () => {
    const { t, admin } = await setUp();
    expect((await t.call('POST', '/content/pages', { token: admin, body: draft({ slug: 'about' }) })).body.error.code).toBe('SLUG_TAKEN');
    // The same slug in another type or language is another page.
    expect((await t.call('POST', '/content/pages', { token: admin, body: draft({ slug: 'about', type: 'article' }) })).status).toBe(201);
    for (const slug of ['Has Caps', 'a--b', '-x', '', 'x'.repeat(101), 'ä']) {
      expect((await t.call('POST', '/content/pages', { token: admin, body: draft({ slug }) })).status, slug).toBe(400);
    }
    expect((await t.call('POST', '/content/pages', { token: admin, body: draft({ status: 'published' }) })).body.error.code).toBe('UNKNOWN_FIELD');
    expect((await t.call('PATCH', '/content/pages/nope', { token: admin, body: { version: 1 } })).body.error.code).toBe('INVALID_ID');
    expect((await t.call('PATCH', `/content/pages/${'e'.repeat(24)}`, { token: admin, body: { version: 1 } })).body.error.code).toBe('PAGE_NOT_FOUND');
    expect((await t.call('POST', `/content/pages/${'e'.repeat(24)}/publish`, { token: admin })).status).toBe(404);
    expect((await t.call('POST', '/content/pages', { body: draft() })).status).toBe(401);
  });

  it('sanitizes what an admin wrote before anyone reads it', async () => {
    const { t, admin } = await setUp();
    const page = (
      await t.call('POST', '/content/pages', {
        token: admin,
        body: draft({ body: 'x <script>alert(1)</script> [y](javascript:alert(1)) <b onclick="z()">b</b>' }),
      })
    ).body.data;
    await t.call('POST', `/content/pages/${page.id}/publish`, { token: admin });
    const html = (await t.call('GET', '/content/pages/careers')).body.data.bodyHtml;
    expect(html).not.toMatch(/<script|javascript:|onclick/i);
  });
});

describe('the page index', () => {
  it('lists every published page once, then a trailer, and follows publishing and unpublishing', async () => {
    const { t, admin } = await setUp();
    const lines = async () =>
      (await t.call('GET', '/internal/page-index.ndjson')).text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
    const before = await lines();
    expect(before.at(-1)).toEqual({ end: true, count: before.length - 1 });
    expect(validatorOf(IndexTrailerSchema).Check(before.at(-1))).toBe(true);
    expect(before.slice(0, -1).filter((l) => !validatorOf(PageIndexLineSchema).Check(l))).toEqual([]);
    expect(before.length - 1).toBe(7);
    const about = before.find((l) => l.slug === 'about');
    expect(about.alternates.map((a: { lang: string; slug: string }) => `${a.lang}:${a.slug}`).sort()).toEqual([
      'de:ueber-uns',
      'en:about',
      'hi:hamare-bare-mein',
    ]);
    const page = (await t.call('POST', '/content/pages', { token: admin, body: draft() })).body.data;
    await t.call('POST', `/content/pages/${page.id}/publish`, { token: admin });
    expect((await lines()).some((l) => l.slug === 'careers')).toBe(true);
    await t.call('POST', `/content/pages/${page.id}/unpublish`, { token: admin });
    expect((await lines()).some((l) => l.slug === 'careers')).toBe(false);
  });
});
