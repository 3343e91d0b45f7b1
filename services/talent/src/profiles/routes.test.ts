import { describe, expect, it } from 'bun:test';
import { createSeededApp } from '../testing.ts';
import { loadSeedProfiles } from './seed.ts';

const seed = loadSeedProfiles();
const { get } = await createSeededApp();

const first = (pred: (p: (typeof seed)[number]) => boolean) => {
  const p = seed.find(pred);
  if (!p) throw new Error('seed lacks a profile for this test');
  return p;
};
const listedPm = first((p) => p.role === 'pm' && p.active && p.indexable);
const hiddenPm = first((p) => p.role === 'pm' && p.active && !p.indexable);
const inactivePm = first((p) => p.role === 'pm' && !p.active);
const listedResource = first((p) => p.role === 'resource' && p.active && p.indexable);
const inactiveResource = first((p) => p.role === 'resource' && !p.active);
const listedExpert = first((p) => p.role === 'expert' && p.active && p.indexable);
const hiddenExpert = first((p) => p.role === 'expert' && p.active && !p.indexable);
const inactiveExpert = first((p) => p.role === 'expert' && !p.active);

async function expectNotFound(path: string) {
  const res = await get(path);
  expect(res.status).toBe(404);
  expect(await res.json()).toEqual({ success: false, error: { code: 'PROFILE_NOT_FOUND', message: 'No such profile' } });
}

describe('GET /pm/{id}/profile', () => {
  it('answers the public profile by slug and by id alike', async () => {
    const bySlug = await (await get(`/pm/${listedPm.slug}/profile`)).json();
    const byId = await (await get(`/pm/${listedPm._id}/profile`)).json();
    expect(bySlug.success).toBe(true);
    expect(bySlug.data.slug).toBe(listedPm.slug);
    expect(bySlug.data.role).toBe('pm');
    expect(bySlug.data.profileUrl).toBe(`/pm/${listedPm.slug}`);
    expect(byId).toEqual(bySlug);
  });

  it('answers 404 for an unknown id, an inactive PM or a profile of another role', async () => {
    await expectNotFound('/pm/no-such-person/profile');
    await expectNotFound('/pm/ffffffffffffffffffffffff/profile');
    await expectNotFound(`/pm/${inactivePm.slug}/profile`);
    await expectNotFound(`/pm/${inactivePm._id}/profile`);
    await expectNotFound(`/pm/${listedResource.slug}/profile`);
    await expectNotFound(`/pm/${listedExpert._id}/profile`);
  });

  it('serves an active non-indexable PM with X-Robots-Tag noindex', async () => {
    const res = await get(`/pm/${hiddenPm.slug}/profile`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect((await get(`/pm/${listedPm.slug}/profile`)).headers.get('x-robots-tag')).toBeNull();
  });

  it('treats query-operator-looking ids as plain strings', async () => {
    await expectNotFound(`/pm/${encodeURIComponent('{"$ne":null}')}/profile`);
  });
});

describe('GET /resource/{id}/profile', () => {
  it('answers the resource profile by slug and by id', async () => {
    for (const key of [listedResource.slug, listedResource._id]) {
      const res = await get(`/resource/${key}/profile`);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.data.id).toBe(listedResource._id);
      expect(body.data.role).toBe('resource');
    }
  });

  it('answers 404 for a PM, an expert, an inactive resource or an unknown id', async () => {
    await expectNotFound(`/resource/${listedPm.slug}/profile`);
    await expectNotFound(`/resource/${listedExpert.slug}/profile`);
    await expectNotFound(`/resource/${inactiveResource.slug}/profile`);
    await expectNotFound('/resource/nobody/profile');
  });
});

describe('GET /talent/sitemap', () => {
  it('lists the sorted slugs of every active indexable profile and nothing else', async () => {
    const res = await get('/talent/sitemap');
    expect(res.status).toBe(200);
    const body = await res.json();
    const expected = seed
      .filter((p) => p.active && p.indexable)
      .map((p) => p.slug)
      .sort();
    expect(body).toEqual({ success: true, data: expected });
    for (const p of [hiddenPm, inactivePm, hiddenExpert, inactiveExpert, inactiveResource]) expect(body.data).not.toContain(p.slug);
  });

  it('answers the same list on every call', async () => {
    const a = await (await get('/talent/sitemap')).text();
    const b = await (await get('/talent/sitemap')).text();
    expect(a).toBe(b);
  });
});

describe('GET /talent/{slug}', () => {
  it('answers an expert profile with skills, experience and availability', async () => {
    const res = await get(`/talent/${listedExpert.slug}`);
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.role).toBe('expert');
    expect(data.skills.length).toBeGreaterThan(0);
    expect(data.experience.length).toBeGreaterThan(0);
    expect(data.availability.status).toBe(listedExpert.availability.status);
    expect(data.profileUrl).toBe(`/talent/${listedExpert.slug}`);
  });

  it('resolves every slug the sitemap lists', async () => {
    const { data: slugs } = await (await get('/talent/sitemap')).json();
    for (const slug of slugs as string[]) expect((await get(`/talent/${slug}`)).status).toBe(200);
  });

  it('answers 404 for an unknown, inactive or non-indexable slug', async () => {
    await expectNotFound('/talent/no-such-expert');
    await expectNotFound(`/talent/${inactiveExpert.slug}`);
    await expectNotFound(`/talent/${hiddenExpert.slug}`);
    await expectNotFound(`/talent/${hiddenPm.slug}`);
  });

  it('looks up by slug only, not by database id', async () => {
    await expectNotFound(`/talent/${listedExpert._id}`);
  });
});

describe('unknown routes', () => {
  it('answers 404 ROUTE_NOT_FOUND in the envelope', async () => {
    const res = await get('/talent/a/b');
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('ROUTE_NOT_FOUND');
  });
});
