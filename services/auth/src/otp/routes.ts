import { ok } from '@tm/shared';
import { clientIpOf } from '@tm/shared/http';
import { Elysia } from 'elysia';
import { AuthSessionEnvelope, errorResponses, SendOtpBody, SentEnvelope, VerifyOtpBody } from '../model.ts';
import type { AuthWiring } from '../wiring.ts';

/** Operations 1-2: SMS code sign-in. */
export function otpRoutes(s: AuthWiring) {
  return new Elysia({ name: 'auth:otp' })
    .post(
      '/auth/send-otp',
      async ({ body, request, server }) => {
        await s.otp.send(body.mobile, clientIpOf(request, server, s.deps.trustProxy));
        return ok({ sent: true });
      },
      {
        body: SendOtpBody,
        parse: 'json',
        response: { 200: SentEnvelope, ...errorResponses(400, 413, 429) },
        detail: {
          operationId: 'sendOtp',
          summary: 'Text a one-time sign-in code',
          description:
            'Sends a 6-digit code (valid 5 min, single use) to an E.164 number whose country code is served (by default the markets: +91 +971 +49 +1 +61). A new code replaces the previous one. 400 INVALID_MOBILE (not E.164), MOBILE_NOT_SUPPORTED (other country code), SMS_DELIVERY_FAILED (provider refused; retry at once). 429 OTP_COOLDOWN (30 s between sends per number) and OTP_SEND_LIMIT (5 per number and 10 per client IP per hour), with Retry-After.',
          tags: ['Auth'],
        },
      },
    )
    .post('/auth/verify-otp', async ({ body, request }) => ok(await s.useCases.signInWithOtp({ ...body, userAgent: request.headers.get('user-agent') })), {
      body: VerifyOtpBody,
      parse: 'json',
      response: { 200: AuthSessionEnvelope, ...errorResponses(400, 413, 429) },
      detail: {
        operationId: 'verifyOtp',
        summary: 'Sign in with the SMS code',
        description:
          'Exchanges the code for an AuthSession of the customer owning that number (created on first sign-in). 400 INVALID_OTP for a wrong, expired, used or invalidated code (the fifth wrong try invalidates it; the message never says which), INVALID_MOBILE, MOBILE_NOT_SUPPORTED.',
        tags: ['Auth'],
      },
    });
}
