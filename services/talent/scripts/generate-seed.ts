/**
 * Writes seed/profiles.json from the compact tables in seed-people.ts and seed-tracks.ts.
 * Deterministic (no randomness, no clock), so re-running it reproduces the committed file.
 * Run: bun scripts/generate-seed.ts
 */
import { stableId } from '@tm/shared';
import type { StoredProfile } from '../src/profiles/model.ts';
import { PEOPLE } from './seed-people.ts';
import { TRACKS, type TrackName } from './seed-tracks.ts';

type Market = StoredProfile['location']['market'];
type Language = StoredProfile['languages'][number];

/** The date the seed's availability dates count from. */
const SEED_DAY = Date.UTC(2026, 10, 20);

/** The industries people list (public, filterable with GET /talent?industry=); two per person, rotated. */
const INDUSTRIES = ['fintech', 'retail', 'healthcare', 'logistics', 'insurance', 'edtech', 'media', 'travel'] as const;

function industriesFor(i: number): string[] {
  return [...new Set([INDUSTRIES[i % INDUSTRIES.length] as string, INDUSTRIES[(i * 3 + 2) % INDUSTRIES.length] as string])];
}
const DAY_MS = 86_400_000;

const EXTRA_LANGUAGES: Record<Market, readonly Language[]> = {
  IN: [
    { code: 'ta', name: 'Tamil', proficiency: 'native' },
    { code: 'kn', name: 'Kannada', proficiency: 'conversational' },
    { code: 'mr', name: 'Marathi', proficiency: 'native' },
    { code: 'bn', name: 'Bengali', proficiency: 'native' },
    { code: 'te', name: 'Telugu', proficiency: 'fluent' },
    { code: 'ml', name: 'Malayalam', proficiency: 'native' },
    { code: 'pa', name: 'Punjabi', proficiency: 'native' },
  ],
  AE: [
    { code: 'ur', name: 'Urdu', proficiency: 'fluent' },
    { code: 'fr', name: 'French', proficiency: 'professional' },
    { code: 'hi', name: 'Hindi', proficiency: 'conversational' },
  ],
  DE: [
    { code: 'fr', name: 'French', proficiency: 'conversational' },
    { code: 'tr', name: 'Turkish', proficiency: 'native' },
    { code: 'pl', name: 'Polish', proficiency: 'native' },
  ],
  US: [
    { code: 'es', name: 'Spanish', proficiency: 'fluent' },
    { code: 'ko', name: 'Korean', proficiency: 'conversational' },
  ],
  AU: [
    { code: 'zh', name: 'Mandarin', proficiency: 'fluent' },
    { code: 'vi', name: 'Vietnamese', proficiency: 'native' },
    { code: 'it', name: 'Italian', proficiency: 'conversational' },
  ],
};

/** Stored-only contact numbers: a national prefix plus this many subscriber digits. */
const PHONE_PLAN: Record<Market, { prefix: string; digits: number }> = {
  IN: { prefix: '+91 98450', digits: 5 },
  AE: { prefix: '+971 50 412', digits: 4 },
  DE: { prefix: '+49 151 2384', digits: 4 },
  US: { prefix: '+1 512 555', digits: 4 },
  AU: { prefix: '+61 412 384', digits: 3 },
};

function phoneFor(market: Market, i: number): string {
  const plan = PHONE_PLAN[market];
  return `${plan.prefix} ${String(10_000 + i * 1_237).slice(-plan.digits)}`;
}

const NOTES = [
  'Day rate agreed for 2026; prefers remote-first clients.',
  'Strong client feedback on the last two engagements; consider for enterprise accounts.',
  'Asked not to be staffed on weekend cut-overs before March.',
  'Background check renewed; NDA on file.',
  'Negotiates rate above band for short engagements; approve with delivery head.',
  'Needs a visa letter for on-site work outside home market.',
];

const ROLE_NOUN = { pm: 'Project Manager', resource: 'Engineer', expert: 'Consultant' } as const;

function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function rotate<T>(list: readonly T[], by: number): T[] {
  const n = by % list.length;
  return [...list.slice(n), ...list.slice(0, n)];
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function languagesFor(market: Market, i: number): Language[] {
  const extra = EXTRA_LANGUAGES[market][i % EXTRA_LANGUAGES[market].length] as Language;
  const base: Record<Market, Language[]> = {
    IN: [
      { code: 'en', name: 'English', proficiency: 'fluent' },
      { code: 'hi', name: 'Hindi', proficiency: i % 3 === 0 ? 'native' : 'fluent' },
    ],
    AE: [
      { code: 'en', name: 'English', proficiency: 'fluent' },
      { code: 'ar', name: 'Arabic', proficiency: i % 2 === 0 ? 'native' : 'professional' },
    ],
    DE: [
      { code: 'de', name: 'German', proficiency: 'native' },
      { code: 'en', name: 'English', proficiency: 'fluent' },
    ],
    US: [{ code: 'en', name: 'English', proficiency: 'native' }],
    AU: [{ code: 'en', name: 'English', proficiency: 'native' }],
  };
  const langs = base[market];
  return i % 2 === 0 && !langs.some((l) => l.code === extra.code) ? [...langs, extra] : langs;
}

function experienceFor(track: (typeof TRACKS)[TrackName], years: number, i: number): StoredProfile['experience'] {
  const companies = rotate(track.companies, i);
  const work = rotate(track.work, i);
  const spans = years >= 12 ? [Math.ceil(years * 0.4), Math.ceil(years * 0.35)] : [Math.ceil(years * 0.5)];
  const entries: StoredProfile['experience'] = [];
  let endYear = 2026;
  let endMonth = ((i * 5) % 12) + 1;
  for (const [k, span] of [...spans, years - spans.reduce((a, b) => a + b, 0)].entries()) {
    if (span <= 0) continue;
    const fromYear = endYear - span;
    const fromMonth = ((i + k * 7) % 12) + 1;
    const mm = (m: number) => String(m).padStart(2, '0');
    const titleIndex = Math.max(0, seniority(track, years) - k);
    entries.push({
      company: companies[k % companies.length] as string,
      title: track.titles[titleIndex] as string,
      from: `${fromYear}-${mm(fromMonth)}`,
      to: k === 0 ? null : `${endYear}-${mm(endMonth)}`,
      summary: `${capitalise(work[k % work.length] as string)}.`,
    });
    endYear = fromYear;
    endMonth = fromMonth;
  }
  return entries;
}

/** Current title by experience: one step up the track's ladder every four years. */
function seniority(track: (typeof TRACKS)[TrackName], years: number): number {
  return Math.min(track.titles.length - 1, Math.floor(years / 4));
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Builds every seed profile from the tables; exported so a test can check the file is current. */
export function buildSeedProfiles(): StoredProfile[] {
  const lines = PEOPLE.trim().split('\n');
  return lines.map((line, i) => {
    const [name, role, trackName, market, city, yearsRaw, ratingRaw, reviewsRaw, status, hoursRaw, flags = ''] = line.split('|');
    const track = TRACKS[trackName as TrackName];
    const years = Number(yearsRaw);
    const slug = slugify(name as string);
    const first = (name as string).split(' ')[0] as string;
    const skills = rotate(track.skills, i)
      .slice(0, 4 + (i % 2))
      .map((skill, k) => ({ name: skill, years: Math.max(1, years - k * 2 - (i % 3)) }));
    const services =
      role === 'pm'
        ? track.services.filter((_, k) => k !== i % track.services.length || k < 2)
        : rotate(track.services, i).slice(0, Math.min(track.services.length, 3 + (i % 2)));
    const experience = experienceFor(track, years, i);
    const current = experience[0];
    const headline =
      role === 'expert'
        ? `${track.label} ${ROLE_NOUN.expert.toLowerCase()} · ${skills
            .slice(0, 2)
            .map((s) => s.name)
            .join(', ')} · ${years} years`
        : role === 'pm'
          ? `${current?.title ?? ROLE_NOUN.pm} · ${track.label} · ${years} years`
          : `${current?.title ?? ROLE_NOUN.resource} · ${skills
              .slice(0, 3)
              .map((s) => s.name)
              .join(', ')}`;
    const statusDays = status === 'available' ? 1 + (i % 4) : status === 'limited' ? 7 + (i % 14) : 30 + ((i * 7) % 60);
    const bio = [
      `${first} has spent ${years} years ${track.focus}, working from ${city}.`,
      current ? `Most recently at ${current.company}, ${first} ${track.work[i % track.work.length]}.` : '',
      role === 'expert'
        ? `Takes on advisory and hands-on engagements where a team needs senior judgement quickly.`
        : role === 'pm'
          ? `Known for clear weekly reporting and for raising risks early rather than late.`
          : `Comfortable joining an existing team mid-project and shipping within the first week.`,
    ]
      .filter(Boolean)
      .join(' ');
    const emailUser = slug.replace(/-/g, '.');
    return {
      _id: stableId('talent', slug),
      slug,
      role: role as StoredProfile['role'],
      displayName: name as string,
      headline,
      bio,
      skills,
      experience,
      languages: languagesFor(market as Market, i),
      location: { market: market as Market, city: city as string },
      rating: Number(ratingRaw),
      reviewCount: Number(reviewsRaw),
      availability: {
        status: status as StoredProfile['availability']['status'],
        hoursPerWeek: Number(hoursRaw),
        nextAvailableDate: isoDay(SEED_DAY + statusDays * DAY_MS),
      },
      services: [...services],
      industries: industriesFor(i),
      indexable: !flags.includes('hidden'),
      active: !flags.includes('inactive'),
      updatedAt: new Date(SEED_DAY - ((i * 13) % 40) * DAY_MS - ((i * 37) % 1440) * 60_000).toISOString(),
      contact: {
        email: `${emailUser}@talent-ops.example.com`,
        phone: phoneFor(market as Market, i),
      },
      internalNotes: NOTES[i % NOTES.length] as string,
    };
  });
}

if (import.meta.main) {
  const out = new URL('../seed/profiles.json', import.meta.url);
  await Bun.write(out, `${JSON.stringify(buildSeedProfiles(), null, 2)}\n`);
  console.log(`wrote ${out.pathname}`);
}
