import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Booking } from '@tm/contracts';
import { z } from 'zod';
import { localized, type ToolContext } from './context.ts';
import { toMoney } from './mappers.ts';
import { toolFailure, toolSuccess } from './render.ts';
import { Money } from './schemas.ts';
import { TOOLS } from './tool-catalog.ts';
import { CREATE_BOOKING_INPUT } from './tool-inputs.ts';

const HowToPay = z.object({
  steps: z.array(z.string()).describe('What the person does to pay, in order; an agent never completes a payment'),
  createPayment: z.object({ method: z.literal('POST'), url: z.string(), body: z.object({ bookingId: z.string() }) }),
  signInFirst: z.boolean().describe('True for a guest session: guests sign in (and claim the booking) before paying'),
});

const BookingResult = z.object({
  id: z.string(),
  number: z.string(),
  status: z.string(),
  market: z.string(),
  total: Money,
  expiresAt: z.string().describe('Unpaid by then, the booking expires'),
  lines: z.array(z.object({ slug: z.string(), name: z.string(), billedHours: z.number(), qty: z.number().int(), amount: Money })),
  howToPay: HowToPay,
});

/** create_booking: bookings' POST /bookings with the caller's own bearer token. */
export function registerBookingTools(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'create_booking',
    {
      ...TOOLS.create_booking,
      inputSchema: CREATE_BOOKING_INPUT,
      outputSchema: BookingResult.shape,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async ({ items, market, notes, contactEmail, idempotencyKey }) => {
      if (!ctx.call.authorization)
        return toolFailure(
          'UNAUTHORIZED',
          "Booking needs the person's own bearer token: call /mcp with their Authorization header (a guest session from POST /api/auth/guest-access works).",
        );
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
      if (!res.ok) return toolFailure(res.code, res.message);
      const b = res.data;
      const guest = b.history[0]?.by.role === 'guest';
      const payUrl = `${ctx.origin}/api/payments`;
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
      const out = {
        id: b.id,
        number: b.number,
        status: b.status,
        market: b.market,
        total: toMoney(b.total, b.currency),
        expiresAt: b.expiresAt,
        lines: b.quote.lines.map((l) => ({ slug: l.slug, name: l.name, billedHours: l.billedHours, qty: l.qty, amount: toMoney(l.amount, b.currency) })),
        howToPay: { steps, createPayment: { method: 'POST' as const, url: payUrl, body: { bookingId: b.id } }, signInFirst: guest },
      };
      const text = [
        `Booking ${b.number} (${b.status}) for ${out.total.formatted}, id ${b.id}.`,
        ...out.lines.map((l) => `- ${l.name}: ${l.billedHours} h x ${l.qty} = ${l.amount.formatted}`),
        'How to pay:',
        ...steps.map((s, i) => `${i + 1}. ${s}`),
      ].join('\n');
      return toolSuccess(out, text);
    },
  );
}
