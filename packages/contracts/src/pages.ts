import { t } from 'elysia';
import { requiredEnum } from './legal.ts';
import { LANGUAGES, LangSchema } from './markets.ts';

/**
 * Pages and FAQ (design/content.md "Content"): one document per language, joined by `groupId`.
 * The assistant reads the published ones (`GET /content/pages`), the gateway's site files and
 * search read the published index (`GET /internal/page-index.ndjson`).
 */

export const PAGE_TYPES = ['page', 'faq', 'article'] as const;
export type PageType = (typeof PAGE_TYPES)[number];
export const PageTypeSchema = t.UnionEnum(PAGE_TYPES, { title: 'PageType' });

export const PAGE_STATUSES = ['draft', 'published', 'archived'] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];
export const PageStatusSchema = t.UnionEnum(PAGE_STATUSES, { title: 'PageStatus' });

export const SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
export const MAX_SLUG_LENGTH = 100;
export const MAX_PAGE_TITLE_LENGTH = 200;
export const MAX_PAGE_SUMMARY_LENGTH = 1000;
export const MAX_PAGE_BODY_LENGTH = 200_000;
export const MAX_FAQ_ENTRIES = 100;
export const MAX_FAQ_TEXT_LENGTH = 4000;

const Slug = t.String({
  minLength: 1,
  maxLength: MAX_SLUG_LENGTH,
  pattern: SLUG_PATTERN,
  description: 'Lower-case words joined by hyphens; unique per type and language',
});
const Title = t.String({ minLength: 1, maxLength: MAX_PAGE_TITLE_LENGTH });
const Summary = t.String({ maxLength: MAX_PAGE_SUMMARY_LENGTH });
const Body = t.String({ maxLength: MAX_PAGE_BODY_LENGTH, description: 'Markdown' });

export const PageFaqEntrySchema = t.Object(
  { question: t.String({ minLength: 1, maxLength: MAX_FAQ_TEXT_LENGTH }), answer: t.String({ minLength: 1, maxLength: MAX_FAQ_TEXT_LENGTH }) },
  { additionalProperties: false, title: 'PageFaqEntry' },
);
const Faq = t.Array(PageFaqEntrySchema, { maxItems: MAX_FAQ_ENTRIES });

/** A page as its editors see it (drafts included). */
export const ContentPageSchema = t.Object(
  {
    id: t.String(),
    groupId: t.String({ description: 'Joins the translations of one page' }),
    type: PageTypeSchema,
    lang: LangSchema,
    slug: t.String(),
    title: t.String(),
    summary: t.String(),
    body: t.String({ description: 'Markdown' }),
    faq: t.Optional(t.Array(PageFaqEntrySchema)),
    status: PageStatusSchema,
    version: t.Integer({ minimum: 1, description: 'Send it back with an edit: a stale one is 409 VERSION_CONFLICT' }),
    publishedAt: t.Optional(t.String({ format: 'date-time' })),
    updatedAt: t.String({ format: 'date-time' }),
  },
  { title: 'ContentPage' },
);
export type ContentPage = typeof ContentPageSchema.static;

/** `GET /content/pages/{slug}`: the published page with its body rendered to sanitized HTML. */
export const PublishedPageSchema = t.Composite(
  [
    ContentPageSchema,
    t.Object({
      bodyHtml: t.String({ description: 'The body rendered from Markdown and sanitized: no script, no event attributes, no javascript: links' }),
      alternates: t.Array(t.Object({ lang: LangSchema, slug: t.String() }), { description: 'The published translations of the same group' }),
    }),
  ],
  { title: 'PublishedPage' },
);
export type PublishedPage = typeof PublishedPageSchema.static;

/** `POST /content/pages`: a new draft; `groupId` joins it to an existing page's translations. */
export const CreatePageBodySchema = t.Object(
  {
    type: requiredEnum(PAGE_TYPES),
    lang: requiredEnum(LANGUAGES, 'Language of the copy'),
    slug: Slug,
    title: Title,
    summary: t.Optional(Summary),
    body: t.Optional(Body),
    faq: t.Optional(Faq),
    groupId: t.Optional(t.String({ minLength: 1, maxLength: 100, description: 'An existing group: this page translates it' })),
  },
  { additionalProperties: false, title: 'CreatePageBody' },
);
export type CreatePageBody = typeof CreatePageBodySchema.static;

/** `PATCH /content/pages/{id}`: the fields to change and the version they were read at. */
export const UpdatePageBodySchema = t.Object(
  {
    version: t.Integer({ minimum: 1, maximum: 1_000_000_000 }),
    slug: t.Optional(Slug),
    title: t.Optional(Title),
    summary: t.Optional(Summary),
    body: t.Optional(Body),
    faq: t.Optional(Faq),
  },
  { additionalProperties: false, title: 'UpdatePageBody' },
);
export type UpdatePageBody = typeof UpdatePageBodySchema.static;

/** One line of content's `GET /internal/page-index.ndjson`: a published page (then the trailer line). */
export const PageIndexLineSchema = t.Object(
  {
    id: t.String(),
    groupId: t.String(),
    type: PageTypeSchema,
    lang: LangSchema,
    slug: t.String(),
    title: t.String(),
    summary: t.String(),
    publishedAt: t.String({ format: 'date-time' }),
    updatedAt: t.String({ format: 'date-time' }),
    alternates: t.Array(t.Object({ lang: LangSchema, slug: t.String() }), {
      description: 'Every published language of the page group, this one included (hreflang alternates)',
    }),
  },
  { title: 'PageIndexLine', additionalProperties: false },
);
export type PageIndexLine = typeof PageIndexLineSchema.static;

/** Where a published page is read through the gateway. */
export const pagePublicPath = (slug: string) => `/api/content/pages/${slug}`;

/** A published page's address on the site (what the sitemap and llms files list): `/<lang>/<type path>/<slug>`, a slug being unique per type and language. */
export function pageSitePath(page: { type: PageType; lang: string; slug: string }): string {
  const section = page.type === 'faq' ? 'faq' : page.type === 'article' ? 'articles' : 'pages';
  return `/${page.lang}/${section}/${encodeURIComponent(page.slug)}`;
}
