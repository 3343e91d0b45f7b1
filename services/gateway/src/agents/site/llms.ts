import { MARKETS } from '@tm/contracts';
import type { SitePage } from './pages.ts';

/** The site's name as the llms files title it. */
export const SITE_TITLE = 'Talent Marketplace';

const SUMMARY =
  'An on-demand tech-talent marketplace: hire developers, designers, data, cloud, QA and security specialists by the hour, ' +
  'or book fixed-scope project delivery (MVPs, cloud migrations, audits), priced per market in INR, AED, EUR, USD or AUD ' +
  'with local tax, and look up the project managers, field resources and experts who deliver the work. ' +
  'Agents can search, price and compare through a public JSON API and an MCP server without an account.';

/** Text safe inside a markdown link label or a one-line description (no newlines, no link syntax breakage). */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** `text` on one line and at most `max` characters, cut at a word with an ellipsis. */
export function clip(text: string, max: number): string {
  const line = oneLine(text);
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

function label(text: string): string {
  return oneLine(text).replace(/([[\]\\])/g, '\\$1');
}

/** `- [name](url): description`, the llms.txt link line. */
export function linkLine(name: string, url: string, description: string): string {
  const desc = oneLine(description);
  return `- [${label(name)}](${url.replace(/[()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)})${desc ? `: ${desc}` : ''}`;
}

/** The first lines of every llms file: the title (with what the file holds, for the group files) and the summary. */
export function header(subtitle?: string, summary: string = SUMMARY): string[] {
  return [`# ${SITE_TITLE}${subtitle ? `: ${subtitle}` : ''}`, '', `> ${oneLine(summary)}`, ''];
}

/** The markets, one line each, for the details part of /llms.txt. */
export function marketLines(): string[] {
  return Object.values(MARKETS).map(
    (m) => `- ${m.code} ${m.name}: prices in ${m.currency}, ${m.taxName} ${m.taxBasisPoints / 100}%, copy in ${m.languages.join(', ')}`,
  );
}

/** The agents-and-API section of the llms files. */
export function agentLinks(origin: string): string[] {
  return [
    '## Agents and API',
    '',
    linkLine('Agent guide', `${origin}/agent.txt`, 'When to use this service, API operations, MCP tools, authentication, rate limits and localization headers'),
    linkLine('MCP server', `${origin}/mcp`, 'Streamable HTTP MCP endpoint (POST JSON-RPC 2.0) with tools to search, quote and find talent'),
    linkLine('OpenAPI description', `${origin}/openapi.json`, 'Machine-readable OpenAPI 3.0 description of the public REST API under /api'),
    linkLine(
      'Service catalog API',
      `${origin}/api/services`,
      'Paginated JSON list of bookable services; send X-Country and X-Lang to localize prices and copy',
    ),
    '',
  ];
}

/** Title and description bounds of a line in a group file: a line always fits in a part, whatever a service stores. */
const MAX_TITLE = 200;
const MAX_DESCRIPTION = 1_000;

/** One page's line in an llms file; with `withApi`, its prices, rating and JSON endpoint too. */
export function pageLine(p: SitePage, withApi: boolean, max = { title: MAX_TITLE, description: MAX_DESCRIPTION }): string {
  const description = clip(p.description, max.description);
  if (!withApi) return linkLine(clip(p.title, max.title), p.url, description);
  const prices = p.prices ? ` Hourly rate: ${p.prices}.` : '';
  const rating = p.rating ? ` Rated ${p.rating} on this site.` : '';
  return linkLine(clip(p.title, max.title), p.url, `${description}${prices}${rating}${p.apiUrl ? ` (JSON: ${p.apiUrl})` : ''}`);
}

/** The site path of a group's llms file: part 1 is /llms/<key>.txt, part n /llms/<key>.n.txt (a key holds no dot). */
export function groupFilePath(key: string, part: number): string {
  return part === 1 ? `/llms/${key}.txt` : `/llms/${key}.${part}.txt`;
}
