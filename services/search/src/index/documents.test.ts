import { describe, expect, it } from 'bun:test';
import { compareMerit, pageDocument, type SearchDocument, sameDocument, serviceDocument, talentDocument } from './documents.ts';

const doc = (slug: string, extra: Partial<SearchDocument> = {}): SearchDocument => ({
  type: 'talent',
  id: slug,
  slug,
  title: slug,
  summary: '',
  url: `/talent/${slug}`,
  keywords: [],
  other: [],
  ...extra,
});

describe('search documents from index lines', () => {
  it('reads a service line: its name as title, category words as keywords, its markets', () => {
    expect(
      serviceDocument({
        _id: 's1',
        slug: 'data-engineer',
        kind: 'role',
        category: 'data-ai',
        name: 'Data Engineer',
        summary: 'Pipelines',
        markets: ['IN', 'DE'],
      }),
    ).toEqual({
      type: 'service',
      id: 's1',
      slug: 'data-engineer',
      title: 'Data Engineer',
      summary: 'Pipelines',
      url: '/services/data-engineer',
      keywords: ['data ai'],
      other: ['role'],
      markets: ['IN', 'DE'],
      rated: { kind: 'service', id: 's1' },
    });
  });

  it('reads a talent line with the site path of its kind, skills and industries as keywords, role words as other', () => {
    const pm = talentDocument({
      slug: 'a-b',
      kind: 'pm',
      displayName: 'A B',
      headline: 'PM',
      skills: ['Scrum'],
      industries: ['fintech'],
      location: 'IN',
      availability: 'limited',
    });
    expect(pm).toMatchObject({ url: '/pm/a-b', keywords: ['Scrum', 'fintech'], other: ['project manager delivery', 'IN'], availability: 'limited' });
    expect(pm?.rated).toBeUndefined(); // a line without the profile id cannot be joined to a rating
    expect(talentDocument({ id: 'p1', slug: 'a-b', kind: 'pm', displayName: 'A B' })?.rated).toEqual({ kind: 'pm', id: 'p1' });
    expect(talentDocument({ id: 'p2', slug: 'x', kind: 'expert', displayName: 'X' })?.rated).toBeUndefined(); // reviews rate PMs only
    expect(talentDocument({ slug: 'x', kind: 'expert', displayName: 'X' })?.url).toBe('/talent/x');
    expect(talentDocument({ slug: 'x', kind: 'resource', displayName: 'X' })?.url).toBe('/resource/x');
  });

  it('reads a page line with the path of its type', () => {
    expect(pageDocument({ id: 'p', slug: 'refunds', type: 'faq', lang: 'de', title: 'Erstattung', summary: '' })?.url).toBe('/faq/refunds');
    expect(pageDocument({ id: 'p', slug: 'a', type: 'article', lang: 'en', title: 'A', summary: '' })?.url).toBe('/articles/a');
    expect(pageDocument({ id: 'p', slug: 'a', type: 'page', lang: 'en', title: 'A', summary: '' })?.url).toBe('/pages/a');
  });

  it('leaves out a line without what a hit needs', () => {
    expect(serviceDocument({ slug: 'x', name: 'X' })).toBeUndefined();
    expect(talentDocument({ slug: 'x', kind: 'pm' })).toBeUndefined();
    expect(pageDocument({ id: 'p', slug: 'x' })).toBeUndefined();
  });
});

describe('order of merit', () => {
  it('orders by Bayesian rating, then availability (unknown between limited and unavailable), then type and slug', () => {
    const docs = [
      doc('e', { availability: 'unavailable' }),
      doc('d'),
      doc('c', { availability: 'limited' }),
      doc('b', { availability: 'available' }),
      doc('a', { availability: 'unavailable', rated: { kind: 'pm', id: 'a' } }),
      doc('z', { availability: 'unavailable', rated: { kind: 'pm', id: 'z' } }),
      doc('s', { type: 'service' }),
    ];
    // Reviews' Bayesian figures: z above a (whatever the slugs), both above the unrated.
    const bayesianOf = (d: SearchDocument) => ({ a: 4.1, z: 4.4 })[d.rated?.id as 'a' | 'z'] ?? 0;
    expect(docs.sort(compareMerit(bayesianOf)).map((d) => d.slug)).toEqual(['z', 'a', 'b', 'c', 's', 'd', 'e']);
  });
});

describe('the same document', () => {
  it('is the same only when every field is (each field changed alone makes another)', () => {
    const full: Required<SearchDocument> = {
      type: 'service',
      id: 's1',
      slug: 'react-dev',
      title: 'React developer',
      summary: 'Ships React',
      url: '/services/react-dev',
      keywords: ['frontend'],
      other: ['role'],
      markets: ['IN', 'DE'],
      rated: { kind: 'service', id: 's1' },
      lang: 'en',
      availability: 'available',
    };
    expect(sameDocument(full, structuredClone(full))).toBe(true);
    const changed: Record<keyof SearchDocument, unknown> = {
      type: 'talent',
      id: 's2',
      slug: 'other',
      title: 'React developers',
      summary: 'Ships Vue',
      url: '/services/other',
      keywords: ['frontend', 'backend'],
      other: ['project'],
      markets: ['IN', 'AE'],
      rated: { kind: 'pm', id: 's1' },
      lang: 'de',
      availability: 'limited',
    };
    for (const key of Object.keys(changed) as (keyof SearchDocument)[]) {
      expect(sameDocument(full, { ...full, [key]: changed[key] })).toBe(false);
      const { [key]: _, ...without } = full;
      if (key !== 'keywords' && key !== 'other' && key !== 'type' && key !== 'id') expect(sameDocument(full, without as SearchDocument)).toBe(false);
    }
    expect(sameDocument(full, { ...full, rated: { kind: 'service', id: 's9' } })).toBe(false);
  });
});
