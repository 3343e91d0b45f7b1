import { ok } from '@tm/shared';
import { Elysia } from 'elysia';
import { clientIpOf } from '../http/client-ip.ts';
import { AuthSessionEnvelope, errorResponses, SendOtpBody, SentEnvelope, VerifyOtpBody, WidgetTokenBody } from '../model.ts';
import type { AuthServices } from '../services.ts';

/** Operations 1-3: SMS code sign-in and the SMS widget token exchange. */
export function otpRoutes(s: AuthServices) {
  const signInCustomer = async (mobile: string, request: Request) => {
    const customer = await s.repositories.customers.findOrCreateByMobile(mobile, s.now());
    return s.sessions.start({ id: customer._id, kind: 'customer', role: 'customer' }, { userAgent: request.headers.get('user-agent') });
  };
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
    .post('/auth/verify-otp', async ({ body, request }) => ok(await signInCustomer(await s.otp.verify(body.mobile, body.otp), request)), {
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
    })
    .post('/auth/verify-widget-token', async ({ body, request }) => ok(await signInCustomer(await s.widget.verify(body.token), request)), {
      body: WidgetTokenBody,
      parse: 'json',
      response: { 200: AuthSessionEnvelope, ...errorResponses(400, 413, 429) },
      detail: {
        operationId: 'verifyWidgetToken',
        summary: 'Sign in with an SMS widget token',
        description:
          'Confirms the client-side SMS widget token with the provider and signs in the customer owning the number the provider verified (never a number from the request). Tokens are single use. 400 INVALID_WIDGET_TOKEN (rejected or replayed), WIDGET_PROVIDER_ERROR (provider error or timeout: fails closed), WIDGET_NOT_CONFIGURED, MOBILE_NOT_SUPPORTED.',
        tags: ['Auth'],
      },
    });
}
