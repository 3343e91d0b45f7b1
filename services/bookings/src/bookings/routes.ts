import {
  AssignBookingBodySchema,
  BookingSchema,
  CancelBookingBodySchema,
  CreateBookingBodySchema,
  GuestHandoverBodySchema,
  GuestHandoverResultSchema,
} from '@tm/contracts';
import { ok } from '@tm/shared';
import { envelopeOf, paginationHeaders, strictBody } from '@tm/shared/http';
import { resolveMarket } from '@tm/shared/money';
import { Elysia, t } from 'elysia';
import { actorOf, checkId } from '../auth/actor.ts';
import type { GuestSessionsPort } from '../auth/guest-sessions-port.ts';
import type { TokenVerifier } from '../auth/token-verifier.ts';
import { ErrorEnvelopeSchema } from '../http/error-envelope.ts';
import { type Idempotency, IdempotencyHeaders } from '../idempotency/idempotency.ts';
import { checkoutFacts } from '../legal/checkout-facts.ts';
import { BookingIdParams, ListBookingsQuery, toBooking } from './model.ts';
import { DOCS } from './route-docs.ts';
import type { Action } from './rules.ts';
import { type BookingUseCaseDeps, createBooking, getBooking, handOverGuestBookings, listBookings, transitionBooking } from './use-cases.ts';

const BookingEnvelope = envelopeOf(BookingSchema, 'BookingEnvelope');
const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema };

/** The booking routes: validate, call one use case, map. */
export function createBookingRoutes(deps: BookingUseCaseDeps & { tokens: TokenVerifier; idempotency: Idempotency; guests: GuestSessionsPort }) {
  const { tokens, idempotency } = deps;
  const action =
    (name: Action) =>
    async ({ request, params, body }: { request: Request; params: { id: string }; body: unknown }) => {
      const actor = await actorOf(tokens, request);
      const id = checkId(params.id, 'id');
      const input = (typeof body === 'object' && body !== null ? body : {}) as { reason?: string; pmId?: string };
      return idempotency.run(request, actor.id, input, async () => ({
        status: 200,
        body: ok(toBooking(await transitionBooking(deps, actor, id, name, { ...input, requestId: request.headers.get('x-request-id') ?? undefined }))),
      }));
    };
  const actionRoute = { params: BookingIdParams, headers: IdempotencyHeaders, response: { 200: BookingEnvelope, ...errors } };

  return new Elysia({ name: 'booking-routes' })
    .post(
      '/bookings',
      async ({ request, body }) => {
        const actor = await actorOf(tokens, request);
        const market = resolveMarket(request.headers.get('x-country'));
        return idempotency.run(request, actor.id, { body, market: market.code }, async () => ({
          status: 201,
          body: ok(toBooking(await createBooking(deps, actor, body, market.code, request.headers.get('x-request-id') ?? undefined, checkoutFacts(request)))),
        }));
      },
      {
        body: CreateBookingBodySchema,
        transform: strictBody(CreateBookingBodySchema),
        headers: IdempotencyHeaders,
        response: { 201: BookingEnvelope, ...errors, 503: ErrorEnvelopeSchema },
        detail: DOCS.create,
      },
    )
    .get(
      '/bookings',
      async ({ request, query, set }) => {
        const actor = await actorOf(tokens, request);
        const { items, total, page, limit } = await listBookings(deps, actor, query);
        Object.assign(set.headers, paginationHeaders(new URL(request.url), page, limit, total));
        return ok(items.map(toBooking));
      },
      { query: ListBookingsQuery, response: { 200: envelopeOf(t.Array(BookingSchema), 'BookingListEnvelope'), ...errors }, detail: DOCS.list },
    )
    .post(
      '/bookings/claim',
      async ({ request, body }) => {
        const actor = await actorOf(tokens, request);
        return idempotency.run(request, actor.id, body, async () => {
          const guestId = await tokens.guestOfRefreshToken(body.guestToken);
          return { status: 200, body: ok({ claimed: await handOverGuestBookings(deps, actor, body.guestToken, guestId) }) };
        });
      },
      {
        body: GuestHandoverBodySchema,
        transform: strictBody(GuestHandoverBodySchema),
        headers: IdempotencyHeaders,
        response: { 200: envelopeOf(GuestHandoverResultSchema, 'ClaimResultEnvelope'), ...errors },
        detail: DOCS.guestHandover,
      },
    )
    .get(
      '/bookings/:id',
      async ({ request, params }) => {
        const actor = await actorOf(tokens, request);
        return ok(toBooking(await getBooking(deps, actor, checkId(params.id, 'id'))));
      },
      { params: BookingIdParams, response: { 200: BookingEnvelope, ...errors }, detail: DOCS.get },
    )
    .post('/bookings/:id/cancel', action('cancel'), {
      ...actionRoute,
      body: t.Optional(CancelBookingBodySchema),
      transform: strictBody(CancelBookingBodySchema),
      detail: DOCS.cancel,
    })
    .post('/bookings/:id/assign', action('assign'), {
      ...actionRoute,
      body: AssignBookingBodySchema,
      transform: strictBody(AssignBookingBodySchema),
      detail: DOCS.assign,
    })
    .post('/bookings/:id/accept', action('accept'), { ...actionRoute, detail: DOCS.accept })
    .post('/bookings/:id/start', action('start'), { ...actionRoute, detail: DOCS.start })
    .post('/bookings/:id/complete', action('complete'), { ...actionRoute, detail: DOCS.complete });
}
