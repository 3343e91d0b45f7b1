import { agentLinks, groupFilePath, header, linkLine, marketLines, pageLine } from './llms.ts';
import type { PageGroup, SitePage } from './pages.ts';
import type { SiteSource } from './sources.ts';

/** /llms.txt's budget: a map a model can read whole, whatever the size of the data. */
export const LLMS_MAP_MAX_BYTES = 50_000;

/** What /llms.txt says of one group: how many pages it has, in how many files, and its first ones. */
export interface GroupSummary {
  source: SiteSource;
  group: PageGroup;
  count: number;
  parts: number;
  /** Its first pages, at most the source's `topPerGroup`. */
  top: SitePage[];
}

/** A map line's bounds: llms.txt holds a few hundred of them at most. */
const MAP_LINE = { title: 100, description: 160 };

const count = (n: number, noun: { one: string; many: string }) => `${n.toLocaleString('en-US')} ${n === 1 ? noun.one : noun.many}`;

function groupSection(origin: string, g: GroupSummary, top: number): string[] {
  const files = g.parts === 1 ? '' : ` (${g.parts} files, each linking to the next)`;
  return [
    `## ${g.group.title}`,
    '',
    linkLine(
      `${g.count === 1 ? 'The' : 'All'} ${count(g.count, g.source.noun)}`,
      `${origin}${groupFilePath(g.group.key, 1)}`,
      `${g.source.about(g.group)}${files}`,
    ),
    ...g.top.slice(0, top).map((p) => pageLine(p, false, MAP_LINE)),
    '',
  ];
}

function render(origin: string, groups: readonly GroupSummary[], top: number): string {
  return [
    ...header(),
    'This file is a map. Each section below is one category of services or one kind of talent profile: how many there are, ' +
      'the first ones in display order, and a link to a file listing all of them with prices and JSON endpoints. A file over 1 MB ' +
      `continues in numbered parts, each linking to the next. ${origin}/llms-full.txt lists everything in one file.`,
    '',
    'Markets (send X-Country to price in one, X-Lang for the copy):',
    '',
    ...marketLines(),
    '',
    ...agentLinks(origin),
    ...groups.flatMap((g) => groupSection(origin, g, top)),
    '## Optional',
    '',
    linkLine(
      'Everything in one file',
      `${origin}/llms-full.txt`,
      'Every page of every section, with prices and JSON endpoints (large: megabytes for a big catalog)',
    ),
    linkLine('Sitemap', `${origin}/sitemap.xml`, 'XML sitemap of every public page'),
  ].join('\n');
}

/**
 * /llms.txt: the curated map. Its size depends on the number of groups, never on the number of
 * pages; should a catalog's copy make it exceed LLMS_MAP_MAX_BYTES, fewer top pages are listed
 * per group until it fits.
 */
export function renderLlmsMap(origin: string, groups: readonly GroupSummary[], maxBytes = LLMS_MAP_MAX_BYTES): string {
  let top = Math.max(0, ...groups.map((g) => g.top.length));
  let text = render(origin, groups, top);
  while (Buffer.byteLength(text) > maxBytes && top > 0) text = render(origin, groups, --top);
  return text;
}
