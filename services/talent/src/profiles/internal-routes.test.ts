import { describe, expect, it } from 'bun:test';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { CATALOG_SERVICE_SLUGS, createSeededApp } from '../testing.ts';
import { rankPmCandidates } from './ranking.ts';
import { loadSeedProfiles } from './seed.ts';

const seed = loadSeedProfiles();
const { get } = await createSeededApp();

async function previews(query: string) {
  const res = await get(`/internal/pm-previews?${query}`);
  return { status: res.status, body: await res.json() };
}

describe('GET /internal/pm-previews', () => {
  it('answers three previews by default, available first, then best rated', async () => {
    const { status, body } = await previews('service=mvp-build');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const expected = rankPmCandidates(
      seed.filter((p) => p.services.includes('mvp-build')),
      3,
    ).map((p) => p.slug);
    expect(body.data.map((p: { slug: string }) => p.slug)).toEqual(expected);
    expect(body.data).toHaveLength(3);
  });

  it('matches the contract shape exactly', async () => {
    const { body } = await previews('service=cloud-migration&limit=1');
    const [preview] = body.data;
    // No reviews service here: no `rating`, only the listed figures.
    expect(Object.keys(preview).sort()).toEqual(['availability', 'displayName', 'headline', 'id', 'listedRating', 'listedReviewCount', 'profileUrl', 'slug']);
    expect(preview.profileUrl).toBe(`/pm/${preview.slug}`);
    expect(preview.availability.nextAvailableDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Math.round(preview.listedRating * 10) / 10).toBe(preview.listedRating);
  });

  it("carries each PM's rating from reviews, as the PM profile does, and none for a PM without one", async () => {
    const rated = seed.filter((p) => p.role === 'pm' && p.active && p.services.includes('mvp-build'))[0];
    if (!rated) throw new Error('the seed has no PM for mvp-build');
    const asked: string[] = [];
    const withReviews = await createSeededApp(createEmbeddedDocumentStore(), {
      ratings: {
        ratingOf: async (kind, id) => {
          asked.push(`${kind}:${id}`);
          return id === rated._id ? { count: 3, average: 4.7 } : undefined;
        },
      },
    });
    const res = await withReviews.get('/internal/pm-previews?service=mvp-build&limit=10');
    const body = (await res.json()) as { data: { id: string; rating?: unknown }[] };
    expect(body.data.find((p) => p.id === rated._id)?.rating).toEqual({ count: 3, average: 4.7 });
    for (const p of body.data.filter((p) => p.id !== rated._id)) expect(p.rating).toBeUndefined();
    expect(asked.every((a) => a.startsWith('pm:'))).toBe(true);
    expect(asked).toHaveLength(body.data.length);
  });

  it('lists only active PMs who deliver the service', async () => {
    for (const service of CATALOG_SERVICE_SLUGS) {
      const { body } = await previews(`service=${service}&limit=10`);
      expect(body.data.length).toBeGreaterThan(0);
      for (const p of body.data as { id: string }[]) {
        const stored = seed.find((s) => s._id === p.id);
        expect(stored?.role).toBe('pm');
        expect(stored?.active).toBe(true);
        expect(stored?.services).toContain(service);
      }
      const statuses = (body.data as { availability: { status: string } }[]).map((p) => p.availability.status);
      const order = { available: 0, limited: 1, unavailable: 2 } as Record<string, number>;
      expect(statuses.map((s) => order[s])).toEqual(statuses.map((s) => order[s]).sort());
    }
  });

  it('answers an empty list for an unknown service', async () => {
    expect(await previews('service=underwater-basket-weaving')).toEqual({ status: 200, body: { success: true, data: [] } });
  });

  it('answers 400 VALIDATION_FAILED for a limit outside 1-10 or not an integer', async () => {
    for (const limit of ['0', '11', '-1', '2.5', 'abc', '']) {
      const { status, body } = await previews(`service=mvp-build&limit=${limit}`);
      expect({ limit, status, code: body.error?.code }).toEqual({ limit, status: 400, code: 'VALIDATION_FAILED' });
    }
  });

  it('answers 400 VALIDATION_FAILED when the service is missing or empty', async () => {
    for (const query of ['limit=3', 'service=']) {
      const { status, body } = await previews(query);
      expect({ query, status, code: body.error?.code }).toEqual({ query, status: 400, code: 'VALIDATION_FAILED' });
    }
  });
});

describe('GET /internal/talent-index', () => {
  it('lists every active indexable profile with the contract fields, ordered by slug', async () => {
    const res = await get('/internal/talent-index');
    expect(res.status).toBe(200);
    const { success, data } = await res.json();
    expect(success).toBe(true);
    const listed = seed.filter((p) => p.active && p.indexable).sort((a, b) => (a.slug < b.slug ? -1 : 1));
    expect(data.map((e: { slug: string }) => e.slug)).toEqual(listed.map((p) => p.slug));
    for (const entry of data) {
      expect(Object.keys(entry).sort()).toEqual([
        'availability',
        'displayName',
        'headline',
        'id',
        'industries',
        'kind',
        'location',
        'skills',
        'slug',
        'updatedAt',
      ]);
      expect(['pm', 'resource', 'expert']).toContain(entry.kind);
      expect(['IN', 'AE', 'DE', 'US', 'AU']).toContain(entry.location);
      expect(new Date(entry.updatedAt).toISOString()).toBe(entry.updatedAt);
    }
  });

  it('agrees with the public sitemap', async () => {
    const index = (await (await get('/internal/talent-index')).json()).data.map((e: { slug: string }) => e.slug);
    const sitemap = (await (await get('/talent/sitemap')).json()).data;
    expect(index).toEqual(sitemap);
  });
});
