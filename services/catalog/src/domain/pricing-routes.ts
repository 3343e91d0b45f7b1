import { CartSchema, QuoteSchema } from '@tm/contracts';
import { DomainError, ok } from '@tm/shared';
import { envelopeOf, LocaleHeadersSchema } from '@tm/shared/http';
import { Elysia, ParseError } from 'elysia';
import { ErrorEnvelopeSchema } from './error-envelope.ts';
import { parseCart } from './input.ts';
import { localeContext } from './locale.ts';
import { isOfferedIn, toLineInput } from './present.ts';
import { quoteLines } from './pricing.ts';
import type { ServiceReadModel } from './read-model.ts';
import { QUOTE_JOB } from './route-docs.ts';

/**
 * The body read as JSON whatever its Content-Type says (pricing changes nothing, so unlike auth it
 * needs no preflight-forcing type): a form or multipart body is then 400 MALFORMED_JSON rather
 * than a schema error about fields Elysia decoded from it. An
 * empty body is null, for parseCart's INVALID_BODY (undefined would hand it to the next parser).
 */
async function readJsonBody({ request }: { request: Request }): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    throw new ParseError();
  }
}

/** Operation 14: a combined quote for a cart, in the caller's market. */
export function createPricingRoutes(deps: { readModel: ServiceReadModel; clock: { now(): number } }) {
  const { readModel, clock } = deps;
  return new Elysia({ name: 'catalog-pricing-routes' }).use(localeContext).post(
    '/jobs/pricing',
    async ({ body, market, lang }) => {
      const inputs = await Promise.all(
        body.items.map(async (item, i) => {
          const doc = await readModel.find(item.serviceId);
          if (!doc) throw new DomainError('UNKNOWN_SERVICE', `items[${i}]: no service with id or slug "${item.serviceId}"`);
          if (!isOfferedIn(doc, market)) throw new DomainError('SERVICE_NOT_OFFERED', `items[${i}]: ${doc.slug} is not offered in market ${market.code}`);
          return toLineInput(doc, market, lang, item.hours, item.qty ?? 1);
        }),
      );
      return ok(quoteLines(market, inputs, clock.now(), lang));
    },
    {
      headers: LocaleHeadersSchema,
      body: CartSchema,
      // readJsonBody always answers; 'json' after it never runs and only tells the OpenAPI
      // generator the body's media type (it skips parser functions).
      parse: [readJsonBody, 'json'],
      // Strict parsing before the schema check, so each kind of bad body has its own code.
      transform: (ctx) => {
        ctx.body = parseCart(ctx.body);
      },
      response: { 200: envelopeOf(QuoteSchema), 400: ErrorEnvelopeSchema, 429: ErrorEnvelopeSchema },
      detail: QUOTE_JOB,
    },
  );
}
