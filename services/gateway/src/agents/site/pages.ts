import type { ServiceIndexEntry, TalentIndexEntry } from '@tm/contracts';
import { formatMinor } from '@tm/shared/money';
import type { MarketPrice } from './model.ts';
import type { SitemapAlternate } from './sitemap.ts';

/** The llms file, and the llms.txt section, a page is listed in: a service's category, a talent profile's kind. */
export interface PageGroup {
  /** The file's name under /llms/ (without `.txt`): lower case letters, digits and dashes. */
  key: string;
  /** Its heading: "Frontend services", "Project managers". */
  title: string;
}

/** A public page of the site as the sitemap and llms files describe it. */
export interface SitePage {
  url: string;
  /** The JSON behind the page, for agents that prefer the API. */
  apiUrl?: string;
  title: string;
  description: string;
  /** Hourly rates per market ("2400.00 INR/h in IN, ..."), for service pages when known. */
  prices?: string;
  /** Published reviews on this platform ("4.8/5 from 12 reviews"), for service and PM pages that have one. */
  rating?: string;
  /** W3C datetime (ISO 8601), when known. */
  lastmod?: string;
  group: PageGroup;
  /** The page's other language versions, itself included (published content pages). */
  alternates?: readonly SitemapAlternate[];
}

/** Site path of a talent profile: PMs and field resources have their own pages, experts live under /talent. */
export function talentPath(kind: TalentIndexEntry['kind'], slug: string): { page: string; api: string } {
  const s = encodeURIComponent(slug);
  if (kind === 'pm') return { page: `/pm/${s}`, api: `/api/pm/${s}/profile` };
  if (kind === 'resource') return { page: `/resource/${s}`, api: `/api/resource/${s}/profile` };
  return { page: `/talent/${s}`, api: `/api/talent/${s}` };
}

/** An ISO timestamp normalised to UTC, or undefined when the service sent something unparsable. */
export function toLastmod(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/** One line of a service's market rates, in the order the markets are listed. */
export function describePrices(prices: readonly MarketPrice[] | undefined): string | undefined {
  if (!prices?.length) return undefined;
  return prices.map((p) => `${formatMinor({ amount: p.hourlyRate, currency: p.currency })}/h in ${p.market}`).join(', ');
}

/** A service's page: its English copy, its hourly rates when known, and its JSON endpoint. */
export function servicePage(
  s: Pick<ServiceIndexEntry, 'slug' | 'name' | 'summary' | 'updatedAt'>,
  prices: readonly MarketPrice[] | undefined,
  origin: string,
  group: PageGroup,
  rating?: string,
): SitePage {
  return {
    url: `${origin}/services/${encodeURIComponent(s.slug)}`,
    apiUrl: `${origin}/api/services/${encodeURIComponent(s.slug)}`,
    title: s.name,
    description: s.summary,
    prices: describePrices(prices),
    ...(rating ? { rating } : {}),
    lastmod: toLastmod(s.updatedAt),
    group,
  };
}

/** A talent profile's page. */
export function talentPage(p: TalentIndexEntry, origin: string, group: PageGroup, rating?: string): SitePage {
  const path = talentPath(p.kind, p.slug);
  // Headlines often name the top skills already; list only the ones they do not.
  const skills = p.skills
    .filter((k) => !p.headline.toLowerCase().includes(k.toLowerCase()))
    .slice(0, 5)
    .join(', ');
  return {
    url: `${origin}${path.page}`,
    apiUrl: `${origin}${path.api}`,
    title: p.displayName,
    description: `${p.headline}${skills ? ` (${skills})` : ''}; based in ${p.location}`,
    ...(rating ? { rating } : {}),
    lastmod: toLastmod(p.updatedAt),
    group,
  };
}

/** The home page; its lastmod is the newest of everything listed. */
export function homePage(origin: string, lastmod: string | undefined): SitePage {
  return {
    url: `${origin}/`,
    title: 'Home',
    description: 'Browse and price on-demand tech talent and project delivery services',
    lastmod,
    group: { key: 'pages', title: 'Pages' },
  };
}
