import { type Booking, LegalDocumentSchema } from '@tm/contracts';
import { BookingResult, TOOL_INPUTS } from '@tm/contracts/agent-tools';
import { localized, type ToolContext } from '../context.ts';
import { toMoney } from '../mappers.ts';
import { defineTool, type ToolAnswer, toolAnswer, toolError } from '../tool.ts';
import type { UpstreamResult } from '../upstream.ts';

/**
 * What the person is told when bookings refuses: the service's code and message. This is the one
 * place a refusal gets a richer answer (e.g. the terms to accept, with their address and version,
 * for LEGAL_ACCEPTANCE_REQUIRED: a tool never accepts terms for a person).
 */
async function refused(res: Extract<UpstreamResult<unknown>, { ok: false }>, ctx: ToolContext, market: string | undefined): Promise<ToolAnswer> {
  if (res.code !== 'LEGAL_ACCEPTANCE_REQUIRED' && res.code !== 'LEGAL_VERSION_NOT_CURRENT') return toolError(res.code, res.message);
  const terms = await ctx.upstream.call<typeof LegalDocumentSchema.static>('content', '/legal/terms', localized(ctx, market), { schema: LegalDocumentSchema });
  if (!terms.ok) return toolError(res.code, res.message);
  const { version, market: termsMarket, title } = terms.data;
  const url = `${ctx.origin}/api/legal/terms`;
  return toolError(
    res.code,
    `The person must read and accept "${title}" (version ${version}, market ${termsMarket}) before booking: ${url} (send X-Country: ${termsMarket}). ` +
      `They accept it themselves, with their own session: POST ${ctx.origin}/api/legal/acceptances {"type":"terms","version":${version}} (or by booking in the app with acceptedTermsVersion: ${version}). ` +
      'An agent never accepts terms for a person. Once they have, call create_booking again.',
  );
}

function howToPay(b: Booking, origin: string) {
  const guest = b.history[0]?.by.role === 'guest';
  const payUrl = `${origin}/api/payments`;
  const steps = [
    ...(guest
      ? [
          'Sign in (POST /api/auth/send-otp, then /api/auth/verify-otp) as a customer.',
          'Move this booking to the account: POST /api/bookings/claim {guestToken: <the guest session refresh token>}.',
        ]
      : []),
    `Open the payment: POST ${payUrl} {"bookingId":"${b.id}"} with the customer's token.`,
    "Finish it as the payment's `next` says (Stripe client secret, Razorpay Checkout order, or the dev provider's link); the person pays, never the agent.",
    `Pay before ${b.expiresAt}, or the booking expires.`,
  ];
  return { steps, createPayment: { method: 'POST' as const, url: payUrl, body: { bookingId: b.id } }, signInFirst: guest };
}

/** create_booking: bookings' POST /bookings with the caller's own bearer token, once the host's token, revocation and access checks passed it. */
export default defineTool({
  name: 'create_booking',
  title: 'Create a booking',
  description:
    'Books a cart (1-50 items of {serviceId: id or slug, hours, qty}) for the person whose bearer token the /mcp call carries (a customer or a guest session), priced by the catalog in the market. ' +
    'Answers the booking (number, total, expiry) and how the person pays for it; the agent never completes a payment. Send idempotencyKey when retrying. ' +
    "The person must have accepted the market's terms of service themselves: until they have, the answer is LEGAL_ACCEPTANCE_REQUIRED with the terms' address and version (an agent never accepts terms for a person).",
  input: TOOL_INPUTS.create_booking,
  output: BookingResult.shape,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  // The assistant has no bearer token to act with; an agent on /mcp does.
  hosts: ['mcp'],
  confirmFirst: true,
  async handle({ items, market, notes, contactEmail, idempotencyKey }, ctx) {
    // Refused here, never forwarded: bookings checks signatures, not sessions (the host's verdict does).
    if (ctx.bearer.outcome === 'refuse') return toolError(ctx.bearer.code, ctx.bearer.message);
    const body = {
      items: items.map((i) => ({
        serviceId: i.serviceId,
        ...(i.hours === undefined ? {} : { hours: i.hours }),
        ...(i.qty === undefined ? {} : { qty: i.qty }),
      })),
      ...(notes ? { notes } : {}),
      ...(contactEmail ? { contact: { email: contactEmail } } : {}),
    };
    const res = await ctx.upstream.call<Booking>('bookings', '/bookings', localized(ctx, market), {
      method: 'POST',
      body,
      ...(idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {}),
    });
    if (!res.ok) return refused(res, ctx, market);
    const b = res.data;
    const pay = howToPay(b, ctx.origin);
    const out: BookingResult = {
      id: b.id,
      number: b.number,
      status: b.status,
      market: b.market,
      total: toMoney(b.total, b.currency),
      expiresAt: b.expiresAt,
      lines: b.quote.lines.map((l) => ({ slug: l.slug, name: l.name, billedHours: l.billedHours, qty: l.qty, amount: toMoney(l.amount, b.currency) })),
      howToPay: pay,
    };
    const text = [
      `Booking ${b.number} (${b.status}) for ${out.total.formatted}, id ${b.id}.`,
      ...out.lines.map((l) => `- ${l.name}: ${l.billedHours} h x ${l.qty} = ${l.amount.formatted}`),
      'How to pay:',
      ...pay.steps.map((s, i) => `${i + 1}. ${s}`),
    ].join('\n');
    return toolAnswer(out, text);
  },
});
