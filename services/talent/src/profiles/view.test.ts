import { describe, expect, it } from 'bun:test';
import type { StoredProfile } from './model.ts';
import { profilePath, roundRating, toPmPreview, toPublicProfile, toTalentIndexEntry } from './view.ts';

const stored: StoredProfile = {
  _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  slug: 'test-person',
  role: 'pm',
  displayName: 'Test Person',
  headline: 'Project Manager',
  bio: 'Runs projects.',
  skills: [{ name: 'Scrum', years: 5 }],
  experience: [
    { company: 'Old Co', title: 'Coordinator', from: '2015-01', to: '2019-06', summary: 'Coordinated.' },
    { company: 'New Co', title: 'Manager', from: '2019-06', to: null, summary: 'Managed.' },
  ],
  languages: [{ code: 'en', name: 'English', proficiency: 'fluent' }],
  location: { market: 'DE', city: 'Berlin' },
  rating: 4.86,
  reviewCount: 12,
  availability: { status: 'limited', hoursPerWeek: 20, nextAvailableDate: '2026-12-01' },
  services: ['mvp-build'],
  indexable: false,
  active: true,
  updatedAt: '2026-11-01T10:00:00.000Z',
  contact: { email: 'test.person@example.com', phone: '+49 151 23840000' },
  internalNotes: 'Secret rate note',
};

describe('toPublicProfile', () => {
  it('leaves out contact data, internal notes and the listing flags', () => {
    const view = toPublicProfile(stored) as Record<string, unknown>;
    for (const key of ['contact', 'internalNotes', 'indexable', 'active', '_id']) expect(view).not.toHaveProperty(key);
    expect(JSON.stringify(view)).not.toContain('example.com');
    expect(JSON.stringify(view)).not.toContain('Secret rate note');
  });

  it('does not carry extra nested fields a stored record might gain', () => {
    const withExtras = {
      ...stored,
      location: { ...stored.location, street: '1 Private Road' },
      skills: [{ name: 'Scrum', years: 5, privateRate: 90 }],
    } as unknown as StoredProfile;
    const text = JSON.stringify(toPublicProfile(withExtras));
    expect(text).not.toContain('Private Road');
    expect(text).not.toContain('privateRate');
  });

  it('lists experience newest first and rounds the listed rating to one decimal (the reviews rating is added by the route)', () => {
    const view = toPublicProfile(stored);
    expect(view.experience.map((e) => e.company)).toEqual(['New Co', 'Old Co']);
    expect(view.listedRating).toBe(4.9);
    expect(view.rating).toBeUndefined();
    expect(view.id).toBe(stored._id);
    expect(view.profileUrl).toBe('/pm/test-person');
  });
});

describe('profile paths and ratings', () => {
  it('builds the site path per role', () => {
    expect(profilePath('pm', 'a')).toBe('/pm/a');
    expect(profilePath('resource', 'b')).toBe('/resource/b');
    expect(profilePath('expert', 'c')).toBe('/talent/c');
  });

  it('keeps ratings within 0-5 with one decimal', () => {
    expect(roundRating(4.75)).toBe(4.8);
    expect(roundRating(5.4)).toBe(5);
    expect(roundRating(-1)).toBe(0);
  });
});

describe('preview and index mapping', () => {
  it('maps a PM preview with a /pm/<slug> link and no private fields', () => {
    expect(toPmPreview(stored)).toEqual({
      id: stored._id,
      slug: 'test-person',
      displayName: 'Test Person',
      headline: 'Project Manager',
      listedRating: 4.9,
      listedReviewCount: 12,
      availability: { status: 'limited', hoursPerWeek: 20, nextAvailableDate: '2026-12-01' },
      profileUrl: '/pm/test-person',
    });
  });

  it('maps an index entry with the id (ratings join on it), skill names, the market code, industries and the availability status (for search)', () => {
    expect(toTalentIndexEntry(stored)).toEqual({
      id: stored._id,
      slug: 'test-person',
      kind: 'pm',
      displayName: 'Test Person',
      headline: 'Project Manager',
      skills: ['Scrum'],
      location: 'DE',
      updatedAt: '2026-11-01T10:00:00.000Z',
      industries: [...(stored.industries ?? [])],
      availability: 'limited',
    });
  });
});
