/** The OpenAPI `detail` of each pages operation. */
const LANG =
  'X-Lang picks the language (en, hi, ar, de; else en); a group with no page in that language shows its English page; Content-Language names the language.';

export const PAGE_DOCS = {
  list: {
    operationId: 'listPages',
    summary: 'Published pages and FAQ',
    tags: ['Content'],
    description:
      `Published pages, one per group, in the caller's language. ${LANG} type: page, faq or article (else 400 INVALID_PAGE_TYPE). ` +
      'page (integer >= 1, else 400 INVALID_PAGE) and limit (1-100, default 20, else 400 INVALID_LIMIT); totals in X-Total-Count and Link. ' +
      'status=draft or status=archived lists those pages in every language, newest change first, for admins only (401 without a token, 403 for other roles); ' +
      'any other status -> 400 INVALID_STATUS. Items carry the Markdown body; GET /content/pages/{slug} adds the rendered HTML.',
  },
  get: {
    operationId: 'getPage',
    summary: 'One published page',
    tags: ['Content'],
    description:
      `The published page with this slug, with bodyHtml: the Markdown rendered (marked) and sanitized (sanitize-html): no script or other active element, no event attributes, only http(s), mailto, tel and relative links. ` +
      'Slugs are unique per type and language: the page in the X-Lang language wins, then English, then any; ?type= narrows it. alternates lists the published languages of the same page. ' +
      'An old slug of a published page answers 301 with Location: its new address. Unknown or unpublished -> 404 PAGE_NOT_FOUND. Strong ETag; If-None-Match -> 304.',
  },
  create: {
    operationId: 'createPage',
    summary: 'Create a draft (admin)',
    tags: ['Content'],
    description:
      'A draft in one language. groupId (optional) makes it a translation of an existing page: unknown -> 400 GROUP_NOT_FOUND; a language the group already has -> 409 GROUP_LANGUAGE_TAKEN. ' +
      'slug: lower-case words joined by hyphens, unique per type and language (409 SLUG_TAKEN).',
  },
  update: {
    operationId: 'updatePage',
    summary: 'Edit a page (admin)',
    tags: ['Content'],
    description:
      'Send the fields to change and the version you read. A stale version -> 409 VERSION_CONFLICT (of two admins editing the same version, one wins). ' +
      "Editing a published page changes what is shown at once; changing a published page's slug keeps the old one as a 301 to the new. Unknown -> 404 PAGE_NOT_FOUND; an id that is not 24 hex -> 400 INVALID_ID.",
  },
  publish: {
    operationId: 'publishPage',
    summary: 'Publish one language of a page (admin)',
    tags: ['Content'],
    description:
      'Publishes this document only: its translations keep their own status. Idempotent. It appears in /sitemap.xml, /llms.txt and /llms-full.txt within 60 s.',
  },
  unpublish: {
    operationId: 'unpublishPage',
    summary: 'Take one language of a page off the site (admin)',
    tags: ['Content'],
    description: 'The page becomes archived (publish it again to bring it back). Idempotent. It leaves the site files within 60 s.',
  },
};
