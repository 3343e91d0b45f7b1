import { CatalogEntrySchema, type Category, MAX_SERVICE_ID_LENGTH, QuoteSchema, ServiceSchema } from '@tm/contracts';
import { DomainError, ok } from '@tm/shared';
import { envelopeOf, LocaleHeadersSchema, paginationLinks } from '@tm/shared/http';
import { answerPrebuilt } from '@tm/shared/search';
import { Elysia, t } from 'elysia';
import type { RatingsPort } from '../reviews/ratings.ts';
import type { TalentPort } from '../talent/model.ts';
import { ErrorEnvelopeSchema } from './error-envelope.ts';
import {
  isDecodablePathSegment,
  ListQuerySchema,
  parseCategory,
  parseHours,
  parseLimit,
  parsePage,
  parseQty,
  parseSearch,
  QuoteQuerySchema,
  rejectRepeatedParams,
} from './input.ts';
import { localeContext } from './locale.ts';
import { isOfferedIn, toLineInput, toService } from './present.ts';
import { quoteLines } from './pricing.ts';
import type { ServiceReadModel } from './read-model.ts';
import type { ServiceRepository } from './repository.ts';
import { CATALOG, DETAIL, LIST, QUOTE } from './route-docs.ts';

/** How many PM previews a service detail shows. */
export const PM_PREVIEW_LIMIT = 3;

const errors = { 400: ErrorEnvelopeSchema, 429: ErrorEnvelopeSchema } as const;

/** Operations 10-13: list, picker catalog, detail and single-service quote. */
export function createServiceRoutes(deps: {
  repo: ServiceRepository;
  readModel: ServiceReadModel;
  talent: TalentPort;
  ratings: RatingsPort;
  clock: { now(): number };
}) {
  const { repo, readModel, talent, ratings, clock } = deps;
  return new Elysia({ name: 'catalog-service-routes' })
    .use(localeContext)
    .get(
      '/services',
      async ({ query, market, lang, request, set }) => {
        // The transform hook below has already checked and normalized every parameter.
        const { page, limit, category, search } = query as { page: number; limit: number; category?: Category; search?: string };
        // Positions come from the read model (a slice, however deep the page); the page's documents by id from the store.
        const { slugs, total } = await readModel.page({ market: market.code, lang, category, search }, (page - 1) * limit, limit);
        const items = await repo.findActiveBySlugs(slugs);
        set.headers['x-total-count'] = String(total);
        set.headers.link = paginationLinks(new URL(request.url), page, limit, total);
        return ok(items.map((d) => toService(d, market, lang)));
      },
      {
        headers: LocaleHeadersSchema,
        query: ListQuerySchema,
        transform: ({ query, request }) => {
          rejectRepeatedParams(request.url, { page: 'INVALID_PAGE', limit: 'INVALID_LIMIT', category: 'INVALID_CATEGORY', search: 'INVALID_SEARCH' });
          const q = query as Record<string, unknown>;
          q.page = parsePage(q.page);
          q.limit = parseLimit(q.limit);
          const category = parseCategory(q.category);
          const search = parseSearch(q.search);
          if (category === undefined) delete q.category;
          else q.category = category;
          if (search === undefined) delete q.search;
          else q.search = search;
        },
        response: { 200: envelopeOf(t.Array(ServiceSchema)), ...errors },
        detail: LIST,
      },
    )
    .get(
      '/services/catalog',
      async ({ market, lang, request, set }) =>
        answerPrebuilt(request, await readModel.catalog(market.code, lang), { ...(set.headers as Record<string, string>), vary: 'X-Country, X-Lang' }),
      { headers: LocaleHeadersSchema, response: { 200: envelopeOf(t.Array(CatalogEntrySchema)), ...errors }, detail: CATALOG },
    )
    .get(
      '/services/:id',
      async ({ params, market, lang, set }) => {
        const doc = await repo.findActiveByIdOrSlug(params.id);
        if (!doc) throw new DomainError('SERVICE_NOT_FOUND', `No service with id or slug "${params.id}"`);
        if (!isOfferedIn(doc, market)) throw new DomainError('SERVICE_NOT_IN_MARKET', `${doc.slug} is not offered in market ${market.code}`);
        // serviceBase has put this request's id on the response; talent logs it too.
        const requestId = set.headers['x-request-id'] as string | undefined;
        // Both degrade rather than fail: [] without talent, no rating without reviews.
        const [availablePms, rating] = await Promise.all([
          talent.pmPreviews(doc.slug, PM_PREVIEW_LIMIT, requestId),
          ratings.ratingOf('service', doc._id, requestId),
        ]);
        return ok({ ...toService(doc, market, lang), availablePms, ...(rating ? { rating } : {}) });
      },
      {
        headers: LocaleHeadersSchema,
        params: t.Object({ id: t.String({ description: '24-hex id or slug' }) }),
        transform: ({ params, request }) => checkId(params, request.url),
        response: { 200: envelopeOf(ServiceSchema), 404: ErrorEnvelopeSchema, ...errors },
        detail: DETAIL,
      },
    )
    .get(
      '/services/:id/quote',
      async ({ params, query, market, lang }) => {
        const doc = await readModel.find(params.id);
        if (!doc) throw new DomainError('SERVICE_NOT_FOUND', `No service with id or slug "${params.id}"`);
        if (!isOfferedIn(doc, market)) throw new DomainError('SERVICE_NOT_IN_MARKET', `${doc.slug} is not offered in market ${market.code}`);
        const { hours, qty } = query as { hours?: number; qty: number };
        return ok(quoteLines(market, [toLineInput(doc, market, lang, hours, qty)], clock.now(), lang));
      },
      {
        headers: LocaleHeadersSchema,
        params: t.Object({ id: t.String({ description: '24-hex id or slug' }) }),
        query: QuoteQuerySchema,
        transform: ({ params, query, request }) => {
          checkId(params, request.url);
          rejectRepeatedParams(request.url, { hours: 'INVALID_HOURS', qty: 'INVALID_QTY' });
          const q = query as Record<string, unknown>;
          const hours = parseHours(q.hours);
          if (hours === undefined) delete q.hours;
          else q.hours = hours;
          q.qty = parseQty(q.qty);
        },
        response: { 200: envelopeOf(QuoteSchema), 404: ErrorEnvelopeSchema, ...errors },
        detail: QUOTE,
      },
    );
}

/** A path id that could not be decoded (`/services/%ZZ`) is a 400 with its own code, not a generic one. */
function checkId(params: { id?: unknown }, url: string): void {
  // Segment 2 of /services/:id[/quote]; the raw form, since a real server's router decodes leniently.
  if (typeof params.id !== 'string' || params.id.length === 0 || params.id.length > MAX_SERVICE_ID_LENGTH || !isDecodablePathSegment(url, 2)) {
    throw new DomainError('INVALID_SERVICE_ID', 'The path id must be a service id or slug');
  }
}
