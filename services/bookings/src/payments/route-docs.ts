/** OpenAPI descriptions of the payment operations: roles and error codes are public API. */
const tags = ['Payments'];
const IDEM = ' Accepts `Idempotency-Key` (409 IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_USE; 400 INVALID_IDEMPOTENCY_KEY).';

export const PAYMENT_DOCS = {
  create: {
    operationId: 'createPayment',
    summary: "Open the booking's payment",
    description:
      "The booking's customer only (guests 403 FORBIDDEN: they sign in to pay). For a `pending_payment`, unexpired booking opens one payment with the market's provider for exactly the booking's total and currency: 201 with a new payment, 200 with the live one (however many calls race). `next` says how the client finishes it. " +
      'Errors: 400 INVALID_ID, VALIDATION_FAILED; 404 BOOKING_NOT_FOUND; 409 BOOKING_NOT_PAYABLE (also when a live payment exists but the booking was cancelled or expired), PAYMENT_OPENING; 503 PAYMENT_PROVIDER_UNAVAILABLE.' +
      IDEM,
    tags,
  },
  list: {
    operationId: 'listPayments',
    summary: "List a booking's payments",
    description: "Newest first. The booking's customer or an admin; 404 BOOKING_NOT_FOUND otherwise; 400 INVALID_ID.",
    tags,
  },
  get: {
    operationId: 'getPayment',
    summary: 'Get a payment',
    description:
      "The booking's customer or an admin; else 404 PAYMENT_NOT_FOUND. 400 INVALID_ID. Once a refund has started, `refund` says where it is: " +
      'pending (retried by the reconciler), requested (the provider settles it later), succeeded, or failed (the provider refused it for good, ' +
      'with its code and message in `refund.failure`; not retried on its own, staff settle it at the provider and its refund event is applied).',
    tags,
  },
  verify: {
    operationId: 'verifyPayment',
    summary: 'Confirm a Razorpay payment from the client',
    description:
      "The customer sends Razorpay Checkout's `razorpay_order_id`, `razorpay_payment_id`, `razorpay_signature`; a bad signature or another order is 400 INVALID_SIGNATURE. Applied through the same event path as the webhook (once, whichever comes first). 409 PAYMENT_NOT_CAPTURED when Razorpay refuses the payment named (failed, or not one of the order); 503 PAYMENT_PROVIDER_UNAVAILABLE with `Retry-After` while Razorpay cannot be reached or has authorised but not yet captured it (neither answer is kept for the Idempotency-Key)." +
      IDEM,
    tags,
  },
  devSucceed: {
    operationId: 'devSucceedPayment',
    summary: 'Finish a dev payment as paid (development only)',
    description:
      "The embedded dev provider: marks the payment succeeded through the same event path as a webhook. Absent in production. The payment's customer or an admin." +
      IDEM,
    tags,
  },
  devFail: {
    operationId: 'devFailPayment',
    summary: 'Finish a dev payment as failed (development only)',
    description: `As dev/succeed, with a failure.${IDEM}`,
    tags,
  },
  stripeWebhook: {
    operationId: 'stripeWebhook',
    summary: 'Stripe webhook',
    description:
      'Public (no token). `Stripe-Signature` over the raw body, at most 300 s old; 400 INVALID_SIGNATURE otherwise. 200 also for duplicates and unknown payments.',
    tags,
  },
  razorpayWebhook: {
    operationId: 'razorpayWebhook',
    summary: 'Razorpay webhook',
    description: 'Public (no token). `X-Razorpay-Signature` over the raw body; 400 INVALID_SIGNATURE otherwise. 200 also for duplicates and unknown payments.',
    tags,
  },
};
