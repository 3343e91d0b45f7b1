import { afterAll, describe, expect, it } from 'bun:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CATEGORIES, type ServiceIndexLine, type TalentIndexLine } from '@tm/contracts';
import { clip, linkLine } from './llms.ts';
import { LLMS_PART_MAX_BYTES } from './llms-groups.ts';
import { LLMS_MAP_MAX_BYTES } from './llms-map.ts';
import { SITE_SOURCES } from './sources.ts';
import { DEFAULT_LLMS_LIMITS, SITE_BUILD_SLICE, type SiteFileLimits, writeSiteFiles } from './write-site-files.ts';

const ORIGIN = 'https://example.com';
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

const service = (i: number, over: Partial<ServiceIndexLine> = {}): ServiceIndexLine => ({
  _id: String(i).padStart(24, '0'),
  slug: `service-${i}`,
  kind: i % 3 === 0 ? 'project' : 'role',
  category: CATEGORIES[i % CATEGORIES.length] as string,
  name: `Service ${i}`,
  summary: `Does the work of service ${i}`,
  markets: ['IN', 'DE'],
  updatedAt: '2026-03-01T00:00:00Z',
  prices: [
    { market: 'IN', currency: 'INR', hourlyRate: 240_000 },
    { market: 'DE', currency: 'EUR', hourlyRate: 7_800 },
  ],
  ...over,
});
const profile = (i: number): TalentIndexLine => ({
  slug: `person-${i}`,
  kind: (['pm', 'resource', 'expert'] as const)[i % 3] as TalentIndexLine['kind'],
  displayName: `Person ${i}`,
  headline: 'Delivery lead',
  skills: ['Scrum', 'Kubernetes'],
  location: 'IN',
  updatedAt: '2026-05-01T00:00:00Z',
});

/** Writes the site files of these entries into a fresh directory; every file's text by site path. */
async function build(services: ServiceIndexLine[], talent: TalentIndexLine[], limits: Partial<SiteFileLimits> = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'llms-test-'));
  dirs.push(dir);
  const write = async (name: string, items: unknown[]) => {
    await Bun.write(join(dir, name), items.map((x) => `${JSON.stringify(x)}\n`).join(''));
    return join(dir, name);
  };
  const [s, t] = SITE_SOURCES as [(typeof SITE_SOURCES)[number], (typeof SITE_SOURCES)[number]];
  const inputs = [
    { source: s, path: await write('services.ndjson', services) },
    { source: t, path: await write('talent.ndjson', talent) },
  ];
  const files = await writeSiteFiles({
    dir,
    origin: ORIGIN,
    inputs,
    newest: undefined,
    limits: { maxUrls: 50_000, maxBytes: 52_428_800, ...DEFAULT_LLMS_LIMITS, ...limits },
  });
  const text = new Map<string, string>();
  for (const [path, f] of files) text.set(path, await Bun.file(f.path).text());
  return text;
}

/** The parts of a group's file, following each part's link to the next; every part's text. */
function partsOf(files: Map<string, string>, key: string): string[] {
  const parts: string[] = [];
  let path: string | undefined = `/llms/${key}.txt`;
  while (path) {
    const text = files.get(path);
    if (text === undefined) throw new Error(`${path} was linked but not built`);
    parts.push(text);
    path = /## Next\n\n- \[[^\]]*\]\(https:\/\/example\.com([^)]+)\)/.exec(text)?.[1];
  }
  return parts;
}

const bytes = (text: string | undefined) => Buffer.byteLength(text ?? '');

describe('a build', () => {
  it('lets other work run while it writes (the event loop turns at least once per SITE_BUILD_SLICE pages)', async () => {
    let turns = 0;
    let done = false;
    const spin = () => {
      if (done) return;
      turns++;
      setImmediate(spin);
    };
    setImmediate(spin);
    const n = SITE_BUILD_SLICE * 8;
    await build(
      Array.from({ length: n }, (_, i) => service(i)),
      [],
    );
    done = true;
    expect(turns).toBeGreaterThanOrEqual(8);
  });
});

describe('linkLine and clip', () => {
  it('escapes brackets in the label and folds newlines in the description', () => {
    expect(linkLine('MVP [Build]', `${ORIGIN}/x`, 'two\nlines')).toBe(`- [MVP \\[Build\\]](${ORIGIN}/x): two lines`);
  });

  it('percent-encodes parentheses and spaces in the URL so the link stays intact', () => {
    expect(linkLine('a', `${ORIGIN}/a (b)`, '')).toBe(`- [a](${ORIGIN}/a%20%28b%29)`);
  });

  it('cuts a long text at a word, with an ellipsis, and leaves a short one alone', () => {
    expect(clip('one two three four', 12)).toBe('one two…');
    expect(clip('one  two\nthree', 20)).toBe('one two three');
  });
});

describe('/llms.txt, the map', () => {
  it('says what the service is, the markets, and for each category its count, its first services in display order and the link to its file', async () => {
    const files = await build(
      Array.from({ length: 40 }, (_, i) => service(i)),
      Array.from({ length: 7 }, (_, i) => profile(i)),
    );
    const map = files.get('/llms.txt') as string;
    const lines = map.split('\n');
    expect(lines[0]).toBe('# Talent Marketplace');
    expect(lines[2]).toMatch(/^> An on-demand tech-talent marketplace/);
    expect(map).toContain('- DE Germany: prices in EUR, USt 19%, copy in de, en');
    // 40 services over 9 categories: frontend holds services 0, 9, 18, 27 and 36.
    const frontend = map.slice(map.indexOf('## Frontend services'), map.indexOf('## Backend services'));
    expect(frontend).toContain(`- [All 5 services](${ORIGIN}/llms/frontend.txt): Every service in Frontend, in display order`);
    expect([...frontend.matchAll(/\]\(https:\/\/example\.com\/services\/([^)]+)\)/g)].map((m) => m[1])).toEqual([
      'service-0',
      'service-9',
      'service-18',
      'service-27',
      'service-36',
    ]);
    expect(map).toContain(`- [All 3 profiles](${ORIGIN}/llms/talent-pm.txt)`);
    expect(map).toContain(`- [All 2 profiles](${ORIGIN}/llms/talent-expert.txt)`);
    for (const path of ['/agent.txt', '/mcp', '/openapi.json', '/llms-full.txt', '/sitemap.xml']) expect(map).toContain(`(${ORIGIN}${path})`);
    for (const item of lines.filter((l) => l.startsWith('- ['))) expect(item).toMatch(/^- \[(?:[^\]\\]|\\.)+\]\(https?:\/\/[^\s()]+\)(: .+)?$/);
  });

  it('lists fewer first services per category when the copy would take it past its budget, every category still linked', async () => {
    const long = 'word '.repeat(200);
    const files = await build(
      Array.from({ length: 90 }, (_, i) => service(i, { name: `Service ${i} ${long}`, summary: long })),
      [],
      { llmsMapBytes: 12_000 },
    );
    const map = files.get('/llms.txt') as string;
    expect(bytes(map)).toBeLessThanOrEqual(12_000);
    for (const c of CATEGORIES) expect(map).toContain(`(${ORIGIN}/llms/${c}.txt)`);
    expect(map).toContain(`(${ORIGIN}/services/service-0)`);
  });
});

describe('the group files, /llms/<group>.txt', () => {
  it('list every page of their group with prices and JSON endpoint, in parts under the budget, each linking to the next', async () => {
    const files = await build(
      Array.from({ length: 300 }, (_, i) => service(i, { category: 'backend' })),
      Array.from({ length: 30 }, (_, i) => profile(i)),
      { llmsPartBytes: 8_000 },
    );
    const parts = partsOf(files, 'backend');
    expect(parts.length).toBeGreaterThan(3);
    for (const p of parts) expect(bytes(p)).toBeLessThanOrEqual(8_000);
    expect(parts[1]).toStartWith('# Talent Marketplace: Backend services\n\n> Every service in Backend, in display order');
    const listed = parts.flatMap((p) => [...p.matchAll(/\]\(https:\/\/example\.com\/services\/(service-\d+)\)/g)].map((m) => m[1]));
    expect(listed).toEqual(Array.from({ length: 300 }, (_, i) => `service-${i}`));
    expect(parts[0]).toContain(
      `- [Service 0](${ORIGIN}/services/service-0): Does the work of service 0 Hourly rate: 2400.00 INR/h in IN, 78.00 EUR/h in DE. (JSON: ${ORIGIN}/api/services/service-0)`,
    );
    expect(files.get('/llms.txt')).toContain(`(${parts.length} files, each linking to the next)`);
    expect(partsOf(files, 'talent-pm').join('')).toContain(
      `- [Person 0](${ORIGIN}/pm/person-0): Delivery lead (Scrum, Kubernetes); based in IN (JSON: ${ORIGIN}/api/pm/person-0/profile)`,
    );
  });

  it('keep a category the catalog does not declare in its own file, and one that is no safe file name in "other"', async () => {
    const files = await build([service(1, { category: 'blockchain' }), service(2, { category: '../etc' })], []);
    expect(files.get('/llms/blockchain.txt')).toContain('/services/service-1)');
    expect(files.get('/llms/other.txt')).toContain('/services/service-2)');
    expect([...files.keys()].filter((k) => k.startsWith('/llms/')).sort()).toEqual(['/llms/blockchain.txt', '/llms/other.txt']);
  });
});

describe('sizes at a size CI affords, with the real budgets', () => {
  it(`keeps /llms.txt under ${LLMS_MAP_MAX_BYTES.toLocaleString('en-US')} bytes and every group file part under ${LLMS_PART_MAX_BYTES.toLocaleString('en-US')} (6,000 services in one category: megabytes of lines)`, async () => {
    const summary = 'A specialist who ships production work for growing teams, with reviews, tests and clear weekly reporting. '.repeat(5);
    const files = await build(
      Array.from({ length: 6_000 }, (_, i) => service(i, { category: 'frontend', summary })),
      Array.from({ length: 3_000 }, (_, i) => profile(i)),
    );
    expect(bytes(files.get('/llms.txt'))).toBeLessThan(LLMS_MAP_MAX_BYTES);
    const parts = partsOf(files, 'frontend');
    expect(parts.length).toBeGreaterThan(2);
    for (const p of parts) expect(bytes(p)).toBeLessThan(LLMS_PART_MAX_BYTES);
    expect(bytes(files.get('/llms-full.txt'))).toBeGreaterThan(parts.reduce((n, p) => n + bytes(p), 0));
  });
});
