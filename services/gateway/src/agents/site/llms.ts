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

function label(text: string): string {
  return oneLine(text).replace(/([[\]\\])/g, '\\$1');
}

/** `- [name](url): description`, the llms.txt link line. */
export function linkLine(name: string, url: string, description: string): string {
  const desc = oneLine(description);
  return `- [${label(name)}](${url.replace(/[()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)})${desc ? `: ${desc}` : ''}`;
}

/** The first lines of both llms files. */
export function header(): string[] {
  return [`# ${SITE_TITLE}`, '', `> ${SUMMARY}`, ''];
}

/** The agents-and-API section of both llms files. */
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
    linkLine('Full index', `${origin}/llms-full.txt`, 'Every indexable page, every service and talent profile included'),
    '',
  ];
}

/** One page's line in an llms file; the full index adds the prices and the JSON endpoint. */
export function pageLine(p: SitePage, withApi: boolean): string {
  if (!withApi) return linkLine(p.title, p.url, p.description);
  const prices = p.prices ? ` Hourly rate: ${p.prices}.` : '';
  return linkLine(p.title, p.url, `${p.description}${prices}${p.apiUrl ? ` (JSON: ${p.apiUrl})` : ''}`);
}

function section(title: string, pages: SitePage[], withApi: boolean): string[] {
  if (pages.length === 0) return [];
  return [`## ${title}`, '', ...pages.map((p) => pageLine(p, withApi)), ''];
}

/** The closing "Optional" section of /llms.txt. */
export function llmsOptional(origin: string, talentCount: number): string[] {
  return [
    '## Optional',
    '',
    linkLine(
      'Talent profiles',
      `${origin}/llms-full.txt`,
      `${talentCount} public profiles of project managers, field resources and experts, listed in the full index`,
    ),
    linkLine('Sitemap', `${origin}/sitemap.xml`, 'XML sitemap of every public page'),
    '',
  ];
}

/** /llms.txt: the curated map (agents, every service, a pointer to the talent listing). */
export function renderLlmsTxt(pages: SitePage[], origin: string): string {
  const talentCount = pages.filter((p) => p.section === 'talent').length;
  return [
    ...header(),
    ...agentLinks(origin),
    ...section(
      'Hire a role',
      pages.filter((p) => p.section === 'role'),
      false,
    ),
    ...section(
      'Project delivery',
      pages.filter((p) => p.section === 'project'),
      false,
    ),
    ...llmsOptional(origin, talentCount),
  ].join('\n');
}

/** /llms-full.txt: every indexable page, with the JSON endpoint behind each. */
export function renderLlmsFullTxt(pages: SitePage[], origin: string): string {
  return [
    ...header(),
    ...agentLinks(origin),
    ...section(
      'Pages',
      pages.filter((p) => p.section === 'home'),
      false,
    ),
    ...section(
      'Hire a role',
      pages.filter((p) => p.section === 'role'),
      true,
    ),
    ...section(
      'Project delivery',
      pages.filter((p) => p.section === 'project'),
      true,
    ),
    ...section(
      'Talent profiles',
      pages.filter((p) => p.section === 'talent'),
      true,
    ),
  ].join('\n');
}
