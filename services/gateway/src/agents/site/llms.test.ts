import { describe, expect, it } from 'bun:test';
import { linkLine, renderLlmsFullTxt, renderLlmsTxt } from './llms.ts';
import type { SiteData } from './model.ts';
import { buildSitePages } from './pages.ts';

const ORIGIN = 'https://example.com';
const DATA: SiteData = {
  services: [
    {
      _id: 'a'.repeat(24),
      slug: 'react-developer',
      kind: 'role',
      category: 'frontend',
      name: 'React Developer',
      summary: 'Builds\nReact apps',
      markets: ['IN', 'DE'],
      updatedAt: '2026-03-01T00:00:00Z',
    },
    {
      _id: 'b'.repeat(24),
      slug: 'mvp-build',
      kind: 'project',
      category: 'product-delivery',
      name: 'MVP [Build]',
      summary: 'Ship a first version',
      markets: ['US'],
      updatedAt: '2026-04-01T00:00:00Z',
    },
  ],
  talent: [
    { slug: 'asha-pm', kind: 'pm', displayName: 'Asha Rao', headline: 'Delivery lead', skills: ['Scrum'], location: 'IN', updatedAt: '2026-05-01T00:00:00Z' },
    {
      slug: 'max-expert',
      kind: 'expert',
      displayName: 'Max Vogel',
      headline: 'Kubernetes expert',
      skills: ['Kubernetes', 'Go'],
      location: 'DE',
      updatedAt: 'not a date',
    },
    { slug: 'li-field', kind: 'resource', displayName: 'Li Wei', headline: 'Field engineer', skills: [], location: 'AU', updatedAt: '2026-02-01T00:00:00Z' },
  ],
  prices: new Map([
    [
      'react-developer',
      [
        { market: 'IN', currency: 'INR', hourlyRate: 240_000 },
        { market: 'DE', currency: 'EUR', hourlyRate: 7800 },
      ],
    ],
  ]),
};

/** The llms.txt grammar: H1, blank, blockquote, then `## ` sections whose items are link lines. */
function checkLlmsShape(text: string) {
  const lines = text.split('\n');
  expect(lines[0]).toMatch(/^# \S/);
  expect(lines[1]).toBe('');
  expect(lines[2]).toMatch(/^> \S/);
  expect(lines.filter((l) => l.startsWith('# '))).toHaveLength(1);
  const items = lines.filter((l) => l.startsWith('- '));
  expect(items.length).toBeGreaterThan(0);
  for (const item of items) expect(item).toMatch(/^- \[(?:[^\]\\]|\\.)+\]\(https?:\/\/[^\s()]+\)(: .+)?$/);
  for (const line of lines.slice(3)) expect(line === '' || line.startsWith('## ') || line.startsWith('- ')).toBe(true);
  return lines;
}

describe('buildSitePages', () => {
  it('lists home, then role services, project services and talent with absolute URLs', () => {
    const pages = buildSitePages(DATA, ORIGIN);
    expect(pages.map((p) => p.url)).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/services/mvp-build`,
      `${ORIGIN}/services/react-developer`,
      `${ORIGIN}/pm/asha-pm`,
      `${ORIGIN}/resource/li-field`,
      `${ORIGIN}/talent/max-expert`,
    ]);
  });

  it('dates the home page by its newest entry and drops unparsable dates', () => {
    const pages = buildSitePages(DATA, ORIGIN);
    expect(pages[0]?.lastmod).toBe('2026-05-01T00:00:00.000Z');
    expect(pages.find((p) => p.url.endsWith('/max-expert'))?.lastmod).toBeUndefined();
  });

  it('points each talent page at the API route of its role', () => {
    const api = buildSitePages(DATA, ORIGIN)
      .map((p) => p.apiUrl)
      .filter(Boolean);
    expect(api).toContain(`${ORIGIN}/api/pm/asha-pm/profile`);
    expect(api).toContain(`${ORIGIN}/api/resource/li-field/profile`);
    expect(api).toContain(`${ORIGIN}/api/talent/max-expert`);
  });
});

describe('linkLine', () => {
  it('escapes brackets in the label and folds newlines in the description', () => {
    expect(linkLine('MVP [Build]', `${ORIGIN}/x`, 'two\nlines')).toBe(`- [MVP \\[Build\\]](${ORIGIN}/x): two lines`);
  });

  it('percent-encodes parentheses and spaces in the URL so the link stays intact', () => {
    expect(linkLine('a', `${ORIGIN}/a (b)`, '')).toBe(`- [a](${ORIGIN}/a%20%28b%29)`);
  });
});

describe('renderLlmsTxt', () => {
  it('follows the llms.txt shape and lists every service and the agent entry points', () => {
    const text = renderLlmsTxt(buildSitePages(DATA, ORIGIN), ORIGIN);
    const lines = checkLlmsShape(text);
    expect(lines).toContain('## Hire a role');
    expect(lines).toContain('## Project delivery');
    expect(text).toContain(`- [React Developer](${ORIGIN}/services/react-developer): Builds React apps`);
    for (const path of ['/agent.txt', '/mcp', '/openapi.json', '/llms-full.txt', '/sitemap.xml']) expect(text).toContain(`(${ORIGIN}${path})`);
  });
});

describe('renderLlmsFullTxt', () => {
  it('follows the llms.txt shape and lists every talent profile with its JSON endpoint', () => {
    const text = renderLlmsFullTxt(buildSitePages(DATA, ORIGIN), ORIGIN);
    checkLlmsShape(text);
    expect(text).toContain('## Talent profiles');
    expect(text).toContain(`- [Asha Rao](${ORIGIN}/pm/asha-pm): Delivery lead (Scrum); based in IN (JSON: ${ORIGIN}/api/pm/asha-pm/profile)`);
    expect(text).toContain(`(${ORIGIN}/talent/max-expert)`);
    expect(text).toContain(`(${ORIGIN}/resource/li-field)`);
  });

  it('quotes each service hourly rate per market and leaves it out where unknown', () => {
    const text = renderLlmsFullTxt(buildSitePages(DATA, ORIGIN), ORIGIN);
    expect(text).toContain(
      `- [React Developer](${ORIGIN}/services/react-developer): Builds React apps Hourly rate: 2400.00 INR/h in IN, 78.00 EUR/h in DE. (JSON: ${ORIGIN}/api/services/react-developer)`,
    );
    expect(text).toContain(`- [MVP \\[Build\\]](${ORIGIN}/services/mvp-build): Ship a first version (JSON: ${ORIGIN}/api/services/mvp-build)`);
  });
});
