import type { ServiceIndexEntry, TalentIndexEntry } from '@tm/contracts';
import { formatMinor } from '@tm/shared/money';
import type { MarketPrice, SiteData } from './model.ts';

/** A public page of the site as the sitemap and llms files describe it. */
export interface SitePage {
  section: 'home' | 'role' | 'project' | 'talent';
  url: string;
  /** The JSON behind the page, for agents that prefer the API. */
  apiUrl?: string;
  title: string;
  description: string;
  /** Hourly rates per market ("2400.00 INR/h in IN, ..."), for service pages when known. */
  prices?: string;
  /** W3C datetime (ISO 8601), when known. */
  lastmod?: string;
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

/** The newest of some timestamps (the home page changes whenever anything listed on it does). */
function newest(values: (string | undefined)[]): string | undefined {
  const times = values.flatMap((v) => (v ? [Date.parse(v)] : []));
  return times.length === 0 ? undefined : new Date(Math.max(...times)).toISOString();
}

/** A service's page: its English copy, its hourly rates when known, and its JSON endpoint. */
export function servicePage(
  s: Pick<ServiceIndexEntry, 'slug' | 'kind' | 'name' | 'summary' | 'updatedAt'>,
  prices: readonly MarketPrice[] | undefined,
  origin: string,
): SitePage {
  return {
    section: s.kind === 'project' ? 'project' : 'role',
    url: `${origin}/services/${encodeURIComponent(s.slug)}`,
    apiUrl: `${origin}/api/services/${encodeURIComponent(s.slug)}`,
    title: s.name,
    description: s.summary,
    prices: describePrices(prices),
    lastmod: toLastmod(s.updatedAt),
  };
}

/** A talent profile's page. */
export function talentPage(p: TalentIndexEntry, origin: string): SitePage {
  const path = talentPath(p.kind, p.slug);
  // Headlines often name the top skills already; list only the ones they do not.
  const skills = p.skills
    .filter((k) => !p.headline.toLowerCase().includes(k.toLowerCase()))
    .slice(0, 5)
    .join(', ');
  return {
    section: 'talent',
    url: `${origin}${path.page}`,
    apiUrl: `${origin}${path.api}`,
    title: p.displayName,
    description: `${p.headline}${skills ? ` (${skills})` : ''}; based in ${p.location}`,
    lastmod: toLastmod(p.updatedAt),
  };
}

/** The home page; its lastmod is the newest of everything listed. */
export function homePage(origin: string, lastmod: string | undefined): SitePage {
  return {
    section: 'home',
    url: `${origin}/`,
    title: 'Home',
    description: 'Browse and price on-demand tech talent and project delivery services',
    lastmod,
  };
}

/** Every public page in a stable order: home, hire-a-role services, project services, talent. */
export function buildSitePages(data: SiteData, origin: string): SitePage[] {
  const services = [...data.services].sort((a, b) => a.kind.localeCompare(b.kind) || a.category.localeCompare(b.category) || a.slug.localeCompare(b.slug));
  const talent = [...data.talent].sort((a, b) => a.slug.localeCompare(b.slug));
  const servicePages = services.map((s) => servicePage(s, data.prices.get(s.slug), origin));
  const talentPages = talent.map((p) => talentPage(p, origin));
  const home = homePage(origin, newest([...servicePages, ...talentPages].map((p) => p.lastmod)));
  return [home, ...servicePages, ...talentPages];
}
