import {
  type Category,
  type PageIndexLine,
  PageIndexLineSchema,
  type PageType,
  pagePublicPath,
  pageSitePath,
  type ServiceIndexLine,
  ServiceIndexLineSchema,
  type TalentIndexLine,
  TalentIndexLineSchema,
  type TalentRole,
} from '@tm/contracts';
import { validatorOf } from '@tm/shared/http';
import type { Upstreams } from '../../site-deps.ts';
import { type PageGroup, type SitePage, servicePage, talentPage, toLastmod } from './pages.ts';
import type { SiteRatings } from './ratings.ts';
import type { SitemapAlternate } from './sitemap.ts';

/**
 * One kind of public page the site files list, read from a service's streamed index (NDJSON with
 * a trailer, @tm/contracts indexes.ts). Every source's pages go into the sitemap and
 * /llms-full.txt, each group of them into its own /llms/<group>.txt, and a summary of each group
 * (its count, its first pages, the link to its file) into /llms.txt. A new kind of page (the
 * content service's published pages, say) is one more source here and its upstream's URL.
 */
export interface SiteSource {
  /** Its name in logs and in the build directory ("services" -> services.ndjson). */
  name: string;
  /** The upstream serving the index. */
  upstream: keyof Upstreams;
  /** The index's path on that upstream. */
  indexPath: string;
  /** True for a line that is a valid entry (the others are dropped). */
  check: (line: unknown) => boolean;
  /** Its section heading in /llms-full.txt, and what one entry is called in counts. */
  title: string;
  noun: { one: string; many: string };
  /** How its groups come in /llms.txt (keys); a group not named here follows, in order of appearance. */
  groupOrder: readonly string[];
  /** What each group's file holds, said under its heading. */
  about: (group: PageGroup) => string;
  /** How many of each group's first pages /llms.txt lists (0: only the link to the group's file). */
  topPerGroup: number;
  /** The page an entry describes, with its rating from reviews when it has one. */
  page: (entry: unknown, origin: string, ratings: SiteRatings) => SitePage;
  /**
   * True when the site files are built without this source while its service is away: its last
   * good index is kept (or none, before the first), and the other sources' pages still go out.
   * A required source's failure fails the build (the last good build stays served).
   */
  optional?: boolean;
}

const CATEGORY_TITLES: Record<Category, string> = {
  frontend: 'Frontend',
  backend: 'Backend',
  mobile: 'Mobile',
  'data-ai': 'Data and AI',
  'cloud-devops': 'Cloud and DevOps',
  design: 'Design',
  quality: 'Quality assurance',
  security: 'Security',
  'product-delivery': 'Product delivery',
};

/** The groups of content's published pages, by type; their keys are never a category's. */
const PAGE_GROUPS: Record<PageType, PageGroup> = {
  page: { key: 'pages', title: 'Pages' },
  faq: { key: 'faq', title: 'Frequently asked questions' },
  article: { key: 'articles', title: 'Articles' },
};
const PAGE_GROUP_KEYS = new Set(Object.values(PAGE_GROUPS).map((g) => g.key));

/** The group of a category; one the catalog does not declare (typed by hand in the database) is grouped by its own name when that is a safe file name (and not a page group's). */
function categoryGroup(category: string): PageGroup {
  const known = CATEGORY_TITLES[category as Category];
  if (known) return { key: category, title: `${known} services` };
  if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(category)) return { key: 'other', title: 'Other services' };
  return { key: PAGE_GROUP_KEYS.has(category) ? `${category}-services` : category, title: `${category} services` };
}

const TALENT_GROUPS: Record<TalentRole, PageGroup> = {
  pm: { key: 'talent-pm', title: 'Project managers' },
  resource: { key: 'talent-resource', title: 'Field resources' },
  expert: { key: 'talent-expert', title: 'Experts' },
};

const checkService = validatorOf(ServiceIndexLineSchema);
const checkTalent = validatorOf(TalentIndexLineSchema);

/** The catalog's services, grouped by category, in display order (the catalog's own ranking, so the first are the top ones). */
export const SERVICES_SOURCE: SiteSource = {
  name: 'services',
  upstream: 'catalog',
  indexPath: '/internal/service-index.ndjson',
  check: (line) => checkService.Check(line),
  title: 'Services',
  noun: { one: 'service', many: 'services' },
  groupOrder: Object.keys(CATEGORY_TITLES),
  about: (g) => `Every service in ${g.title.replace(/ services$/, '')}, in display order, with its hourly rate in each market and its JSON endpoint`,
  topPerGroup: 10,
  page: (entry, origin, ratings) => {
    const s = entry as ServiceIndexLine;
    return servicePage(s, s.prices, origin, categoryGroup(s.category), ratings.of('service', s._id));
  },
};

/** Talent's listed profiles, grouped by kind (the index holds no ranking, so llms.txt lists counts and links only). */
export const TALENT_SOURCE: SiteSource = {
  name: 'talent',
  upstream: 'talent',
  indexPath: '/internal/talent-index.ndjson',
  check: (line) => checkTalent.Check(line),
  title: 'Talent profiles',
  noun: { one: 'profile', many: 'profiles' },
  groupOrder: Object.values(TALENT_GROUPS).map((g) => g.key),
  about: (g) => `Every public profile of the ${g.title.toLowerCase()}, with headline, skills, location and JSON endpoint`,
  topPerGroup: 0,
  page: (entry, origin, ratings) => {
    const p = entry as TalentIndexLine;
    // Reviews rate PMs, by the profile id the index line carries.
    return talentPage(p, origin, TALENT_GROUPS[p.kind], p.kind === 'pm' ? ratings.of('pm', p.id) : undefined);
  },
};

const checkPage = validatorOf(PageIndexLineSchema);

/** The language a page group's `x-default` alternate points at, when the group has it. */
const DEFAULT_PAGE_LANG = 'en';

/** A published content page: its site address, its JSON (the language chosen by the `X-Lang` header), and every language version of its group as hreflang alternates. */
export function contentPage(p: PageIndexLine, origin: string): SitePage {
  const href = (lang: string, slug: string) => `${origin}${pageSitePath({ type: p.type, lang, slug })}`;
  const alternates: SitemapAlternate[] = p.alternates.map((a) => ({ hreflang: a.lang, href: href(a.lang, a.slug) }));
  const fallback = p.alternates.find((a) => a.lang === DEFAULT_PAGE_LANG);
  if (fallback && alternates.length > 1) alternates.push({ hreflang: 'x-default', href: href(fallback.lang, fallback.slug) });
  return {
    url: href(p.lang, p.slug),
    apiUrl: `${origin}${pagePublicPath(encodeURIComponent(p.slug))}?type=${p.type}`,
    title: p.title,
    description: `${p.summary} (${p.lang})`,
    lastmod: toLastmod(p.updatedAt),
    group: PAGE_GROUPS[p.type],
    alternates: alternates.length > 1 ? alternates : undefined,
  };
}

/** Content's published pages and FAQ, every language its own page; optional, so a content outage never takes the catalog's listing down. */
export const PAGES_SOURCE: SiteSource = {
  name: 'pages',
  upstream: 'content',
  indexPath: '/internal/page-index.ndjson',
  check: (line) => checkPage.Check(line),
  title: 'Pages and FAQ',
  noun: { one: 'page', many: 'pages' },
  groupOrder: Object.values(PAGE_GROUPS).map((g) => g.key),
  about: (g) => `Every published ${g.title.toLowerCase()} entry in each language, with its JSON endpoint`,
  topPerGroup: 10,
  page: (entry, origin) => contentPage(entry as PageIndexLine, origin),
  optional: true,
};

/** What the site files are built from, in the order they list it. */
export const SITE_SOURCES: readonly SiteSource[] = [SERVICES_SOURCE, TALENT_SOURCE, PAGES_SOURCE];
