import { ok } from '@tm/shared';
import { Elysia } from 'elysia';
import { AuthSessionEnvelope, errorResponses, WidgetTokenBody } from '../model.ts';
import type { AuthWiring } from '../wiring.ts';

/** Operation 3: the SMS widget token exchange. */
export function widgetRoutes(s: AuthWiring) {
  return new Elysia({ name: 'auth:widget' }).post(
    '/auth/verify-widget-token',
    async ({ body, request }) => ok(await s.useCases.signInWithWidget({ ...body, userAgent: request.headers.get('user-agent') })),
    {
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
    },
  );
}
