import { ContentPageSchema, CreatePageBodySchema, PAGE_TYPES, type PageType, PublishedPageSchema, UpdatePageBodySchema } from '@tm/contracts';
import { DomainError, ok } from '@tm/shared';
import { envelopeOf, LocaleHeadersSchema, paginationHeaders } from '@tm/shared/http';
import { resolveLang } from '@tm/shared/money';
import { answerPrebuilt } from '@tm/shared/search';
import { Elysia, t } from 'elysia';
import type { CallerReader } from '../auth/caller.ts';
import { ErrorEnvelopeSchema } from '../http/error-envelope.ts';
import { guardWrite } from '../http/guard-write.ts';
import { ListPagesQuery, parseListQuery } from './list-query.ts';
import { toContentPage } from './model.ts';
import { PAGE_DOCS } from './route-docs.ts';
import { createPage, findBySlug, type PageDeps, publishedFor, publishPage, toPublishedPage, unpublishPage, updatePage } from './use-cases.ts';

const PageEnvelope = envelopeOf(ContentPageSchema, 'ContentPageEnvelope');
/** One path parameter name for /content/pages/{ref}: a slug on reads, a page id on writes (OpenAPI paths must not differ only by a parameter's name). */
const IdParams = t.Object({ ref: t.String({ description: 'The page id (24 hex)' }) });
const admin = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema };

/** Pages and FAQ: public reads of published pages, and the admin's drafts, edits and publishing. */
export function createPageRoutes(deps: PageDeps & { callers: CallerReader }) {
  const { callers } = deps;
  const adminFirst = guardWrite(callers.admin);
  return new Elysia({ name: 'content-page-routes' })
    .get(
      '/content/pages',
      async ({ request, query, set }) => {
        const q = parseListQuery(query);
        const url = new URL(request.url);
        if (q.status !== 'published') {
          await callers.admin(request);
          const { items, total } = await deps.pages.list({ status: q.status, ...(q.type ? { type: q.type } : {}) }, q.page, q.limit);
          Object.assign(set.headers, paginationHeaders(url, q.page, q.limit, total));
          return ok(items.map(toContentPage));
        }
        const lang = resolveLang(request.headers.get('x-lang'));
        const all = publishedFor(await deps.readModel.current(), lang, q.type);
        Object.assign(set.headers, paginationHeaders(url, q.page, q.limit, all.length), { 'content-language': lang, vary: 'X-Lang' });
        return ok(all.slice((q.page - 1) * q.limit, q.page * q.limit).map(toContentPage));
      },
      {
        headers: LocaleHeadersSchema,
        query: ListPagesQuery,
        response: {
          200: envelopeOf(t.Array(ContentPageSchema), 'ContentPageListEnvelope'),
          400: ErrorEnvelopeSchema,
          401: ErrorEnvelopeSchema,
          403: ErrorEnvelopeSchema,
        },
        detail: PAGE_DOCS.list,
      },
    )
    .get(
      '/content/pages/:ref',
      async ({ params, query, request }) => {
        const type = query.type;
        if (type !== undefined && !(PAGE_TYPES as readonly string[]).includes(type))
          throw new DomainError('INVALID_PAGE_TYPE', `type must be one of ${PAGE_TYPES.join(', ')}`);
        const lang = resolveLang(request.headers.get('x-lang'));
        const snapshot = await deps.readModel.current();
        const found = findBySlug(snapshot, params.ref, lang, type as PageType | undefined);
        if (!found) throw new DomainError('PAGE_NOT_FOUND', 'No published page at this address');
        if ('movedTo' in found) {
          const path = new URL(request.url).pathname;
          return new Response(null, { status: 301, headers: { location: `${path.slice(0, path.lastIndexOf('/') + 1)}${found.movedTo}` } });
        }
        const answer = snapshot.answer(`page:${found.page._id}`, () => JSON.stringify(ok(toPublishedPage(snapshot, found.page))));
        return answerPrebuilt(request, answer, { 'content-language': found.page.lang, vary: 'X-Lang' });
      },
      {
        params: t.Object({ ref: t.String({ maxLength: 200, description: 'The page slug' }) }),
        query: t.Object({ type: t.Optional(t.String({ description: 'page, faq or article' })) }),
        headers: LocaleHeadersSchema,
        response: { 200: envelopeOf(PublishedPageSchema, 'PublishedPageEnvelope'), 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema },
        detail: PAGE_DOCS.get,
      },
    )
    .post(
      '/content/pages',
      async ({ body, set }) => {
        set.status = 201;
        return ok(toContentPage(await createPage(deps, body)));
      },
      {
        transform: guardWrite(callers.admin, CreatePageBodySchema),
        body: CreatePageBodySchema,
        response: { 201: PageEnvelope, ...admin },
        detail: PAGE_DOCS.create,
      },
    )
    .patch('/content/pages/:ref', async ({ params, body }) => ok(toContentPage(await updatePage(deps, params.ref, body))), {
      params: IdParams,
      transform: guardWrite(callers.admin, UpdatePageBodySchema),
      body: UpdatePageBodySchema,
      response: { 200: PageEnvelope, ...admin },
      detail: PAGE_DOCS.update,
    })
    .post('/content/pages/:ref/publish', async ({ params }) => ok(toContentPage(await publishPage(deps, params.ref))), {
      params: IdParams,
      transform: adminFirst,
      response: { 200: PageEnvelope, ...admin },
      detail: PAGE_DOCS.publish,
    })
    .post('/content/pages/:ref/unpublish', async ({ params }) => ok(toContentPage(await unpublishPage(deps, params.ref))), {
      params: IdParams,
      transform: adminFirst,
      response: { 200: PageEnvelope, ...admin },
      detail: PAGE_DOCS.unpublish,
    });
}
