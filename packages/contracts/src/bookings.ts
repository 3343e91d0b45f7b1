import { t } from 'elysia';
import { CartItemSchema, MAX_CART_ITEMS, QuoteSchema } from './catalog.ts';
import { CurrencySchema, MarketCodeSchema } from './markets.ts';

/**
 * Bookings and payments (DESIGN.md "Bookings and payments"): the shapes the bookings service
 * answers and accepts, the gateway's MCP tool reads and the e2e tests check.
 */

export const MAX_NOTES_LENGTH = 2000;
export const MAX_REASON_LENGTH = 500;
export const MAX_CONTACT_NAME_LENGTH = 100;
/**
 * One line of printable text: no control characters (C0, DEL, C1: CR and LF among them), no line
 * or paragraph separators, no bidirectional overrides. A contact name greets the reader of a mail
 * ("Hello <name>,"), so it must not carry headers, extra lines or reordered text.
 */
export const ONE_LINE_PATTERN = '^[^\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069]+$';
export const MAX_EMAIL_LENGTH = 254;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** A booking's states; `completed`, `cancelled` and `expired` are final. */
export const BOOKING_STATUSES = ['pending_payment', 'paid', 'confirmed', 'in_progress', 'completed', 'cancelled', 'expired'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const FINAL_BOOKING_STATUSES: readonly BookingStatus[] = ['completed', 'cancelled', 'expired'];

/** A payment's public states. */
export const PAYMENT_STATUSES = ['requires_action', 'processing', 'succeeded', 'failed', 'cancelled', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_PROVIDER_NAMES = ['stripe', 'razorpay', 'dev'] as const;

export const BookingStatusSchema = t.UnionEnum(BOOKING_STATUSES, { title: 'BookingStatus' });
export const PaymentStatusSchema = t.UnionEnum(PAYMENT_STATUSES, { title: 'PaymentStatus' });

/** Who made a change: a user (their id and role) or the system (`role: system`, e.g. a payment or the reconciler). */
export const ActorSchema = t.Object({ id: t.String(), role: t.String() });

export const BookingHistoryEntrySchema = t.Object(
  {
    status: BookingStatusSchema,
    at: t.String({ format: 'date-time' }),
    by: ActorSchema,
    action: t.String({ description: 'create, pay, assign, accept, start, complete, cancel, expire, claim' }),
    reason: t.Optional(t.String()),
  },
  { title: 'BookingHistoryEntry' },
);

/** The assigned PM, as talent's public profile names them. */
export const AssignedPmSchema = t.Object({ id: t.String(), slug: t.String(), name: t.String() }, { title: 'AssignedPm' });

export const ContactSchema = t.Object(
  {
    name: t.Optional(
      t.String({
        minLength: 1,
        maxLength: MAX_CONTACT_NAME_LENGTH,
        pattern: ONE_LINE_PATTERN,
        description: 'One line of printable text (no control characters, line breaks or bidirectional overrides)',
      }),
    ),
    email: t.Optional(t.String({ format: 'email', maxLength: MAX_EMAIL_LENGTH })),
  },
  { additionalProperties: false, title: 'BookingContact' },
);

/** The legal documents a booking was sold under (absent on bookings made before the checkout gate). */
export const BookingLegalSchema = t.Object(
  { terms: t.Integer({ minimum: 1, description: "The version of the market's terms in effect and accepted at checkout" }) },
  { title: 'BookingLegal' },
);

export const BookingSchema = t.Object(
  {
    id: t.String(),
    number: t.String({ description: 'Human-readable, unique: BK- and 8 characters' }),
    status: BookingStatusSchema,
    market: MarketCodeSchema,
    currency: CurrencySchema,
    quote: QuoteSchema,
    total: t.Integer({ description: 'quote.total, integer minor units of `currency`' }),
    customerId: t.String(),
    pm: t.Optional(AssignedPmSchema),
    preferredPmId: t.Optional(t.String()),
    notes: t.Optional(t.String()),
    contact: t.Optional(ContactSchema),
    expiresAt: t.String({ format: 'date-time', description: 'Unpaid by then, the booking expires (quote.validUntil)' }),
    history: t.Array(BookingHistoryEntrySchema),
    createdAt: t.String({ format: 'date-time' }),
    updatedAt: t.String({ format: 'date-time' }),
    version: t.Integer({ minimum: 1 }),
    legal: t.Optional(BookingLegalSchema),
  },
  { title: 'Booking' },
);
export type Booking = typeof BookingSchema.static;

export const PaymentNextSchema = t.Union(
  [
    t.Object({ type: t.Literal('stripe'), clientSecret: t.String() }),
    t.Object({ type: t.Literal('razorpay'), orderId: t.String(), keyId: t.String() }),
    t.Object({ type: t.Literal('dev'), succeedUrl: t.String(), failUrl: t.String() }),
  ],
  { title: 'PaymentNext' },
);

/** The one full refund of a paid payment, once it has started. */
export const PaymentRefundSchema = t.Object(
  {
    state: t.UnionEnum(['pending', 'requested', 'succeeded', 'failed'], {
      description:
        'pending: being sent to the provider (retried by the reconciler); requested: the provider settles it later; succeeded; failed: the provider refused it for good and staff must act (it is not retried on its own)',
    }),
    amount: t.Integer({ minimum: 0, description: 'What this refund returns, minor units (never above what was paid and not yet refunded)' }),
    failure: t.Optional(
      t.Object(
        {
          code: t.String({ description: "The provider's own code (e.g. Stripe `amount_too_large`)" }),
          message: t.String(),
          at: t.String({ format: 'date-time' }),
        },
        { description: 'Why the provider refused the refund, when it did' },
      ),
    ),
  },
  { title: 'PaymentRefund' },
);
export type PaymentRefund = typeof PaymentRefundSchema.static;

export const PaymentSchema = t.Object(
  {
    id: t.String(),
    bookingId: t.String(),
    provider: t.UnionEnum(PAYMENT_PROVIDER_NAMES),
    status: PaymentStatusSchema,
    amount: t.Integer({ description: "The booking's total at creation, minor units" }),
    currency: CurrencySchema,
    refunded: t.Integer({ minimum: 0, description: 'Refunded so far, minor units (never above amount)' }),
    next: t.Optional(PaymentNextSchema),
    refund: t.Optional(PaymentRefundSchema),
    createdAt: t.String({ format: 'date-time' }),
    updatedAt: t.String({ format: 'date-time' }),
  },
  { title: 'Payment' },
);
export type Payment = typeof PaymentSchema.static;

export const CreateBookingBodySchema = t.Object(
  {
    items: t.Array(CartItemSchema, { minItems: 1, maxItems: MAX_CART_ITEMS }),
    notes: t.Optional(t.String({ maxLength: MAX_NOTES_LENGTH })),
    contact: t.Optional(ContactSchema),
    preferredPmId: t.Optional(t.String({ minLength: 1, maxLength: 100 })),
    acceptedTermsVersion: t.Optional(
      t.Integer({
        minimum: 1,
        maximum: 1_000_000,
        description: "The version of the market's terms (GET /api/legal/terms) the person accepts with this booking; recorded with the time, IP and user agent",
      }),
    ),
  },
  { additionalProperties: false, title: 'CreateBookingRequest' },
);
export type CreateBookingBody = typeof CreateBookingBodySchema.static;

export const CancelBookingBodySchema = t.Object(
  { reason: t.Optional(t.String({ maxLength: MAX_REASON_LENGTH })) },
  { additionalProperties: false, title: 'CancelBookingRequest' },
);
export const AssignBookingBodySchema = t.Object(
  { pmId: t.String({ minLength: 1, maxLength: 100, description: 'Talent profile id or slug of an active PM' }) },
  { additionalProperties: false, title: 'AssignBookingRequest' },
);
/**
 * The guest hand-over (POST /bookings/claim): a signed-in customer takes over a guest session's
 * bookings. In code the word is "hand-over" ("claim" means a token's claims); the public path, the
 * schema titles and the answer's `claimed` field keep the API's word.
 */
export const GuestHandoverBodySchema = t.Object(
  { guestToken: t.String({ minLength: 1, maxLength: 4096, description: "The guest session's refresh token" }) },
  { additionalProperties: false, title: 'ClaimBookingsRequest' },
);
export const GuestHandoverResultSchema = t.Object({ claimed: t.Array(t.String()) }, { title: 'ClaimResult' });
export type GuestHandoverResult = typeof GuestHandoverResultSchema.static;

export const CreatePaymentBodySchema = t.Object(
  { bookingId: t.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false, title: 'CreatePaymentRequest' },
);
export const VerifyPaymentBodySchema = t.Object(
  {
    razorpay_order_id: t.String({ minLength: 1, maxLength: 100 }),
    razorpay_payment_id: t.String({ minLength: 1, maxLength: 100 }),
    razorpay_signature: t.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false, title: 'VerifyPaymentRequest' },
);

/** `GET` here (bookings, internal: not routed by the gateway) answers a booking's facts: who takes part and where it stands. */
export const bookingFactsPath = (bookingId: string) => `/internal/bookings/${encodeURIComponent(bookingId)}/facts`;

/**
 * What other services may know of a booking to decide who may act on it (messaging: who sees the
 * conversation; reviews: who may review, and what): participants, status and the services booked.
 * No amounts, contact data or notes. An unknown booking is 404 `BOOKING_NOT_FOUND`.
 */
export const BookingFactsSchema = t.Object(
  {
    id: t.String(),
    number: t.String(),
    status: BookingStatusSchema,
    market: MarketCodeSchema,
    customerId: t.String({ description: 'The owning account (a customer, or a guest until claimed)' }),
    pm: t.Union([AssignedPmSchema, t.Null()], { description: 'The assigned PM (talent profile id, slug, name), null until assigned' }),
    serviceIds: t.Array(t.String(), { description: "The booked services' ids, one each, in quote order" }),
    completedAt: t.Union([t.String({ format: 'date-time' }), t.Null()], { description: 'When it reached completed, else null' }),
    updatedAt: t.String({ format: 'date-time' }),
  },
  { title: 'BookingFacts' },
);
export type BookingFacts = typeof BookingFactsSchema.static;
