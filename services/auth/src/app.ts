import { AUTH_ERROR_STATUS, REVOCATIONS_PATH } from '@tm/contracts';
import { SERVICE_APP_CONFIG, serviceBase, serviceOpenApi } from '@tm/shared/http';
import { Elysia } from 'elysia';
import { contactRoutes } from './account/contacts-routes.ts';
import { dataRightsRoutes } from './account/data-rights-routes.ts';
import { profileRoutes } from './account/profile-routes.ts';
import { accountRoutes } from './account/routes.ts';
import { accountSessionRoutes } from './account/sessions-routes.ts';
import type { AuthDeps } from './deps.ts';
import { bodyLimit } from './http/body-limit.ts';
import { noStore } from './http/no-store.ts';
import { idpRoutes } from './idp/routes.ts';
import { otpRoutes } from './otp/routes.ts';
import { revocationRoutes } from './revocations/routes.ts';
import { guestHandoverRoutes } from './sessions/guest-handover-routes.ts';
import { sessionRoutes } from './sessions/routes.ts';
import { staffRoutes } from './staff/routes.ts';
import { staffAdminRoutes } from './staff/staff-admin-routes.ts';
import { widgetRoutes } from './widget/routes.ts';
import { type AuthWiring, buildWiring } from './wiring.ts';

/** The auth service: operations 1-9, /account/*, and the JWKS the gateway verifies against. */
export function createApp(deps: AuthDeps, wiring: AuthWiring = buildWiring(deps)) {
  // The signing key first, then the keys before a rotation, so tokens they signed still verify at the gateway.
  const jwks = { keys: [deps.signingKey, ...(deps.previousPublicKeys ?? [])].map((k) => k.publicJwk) };
  return (
    new Elysia(SERVICE_APP_CONFIG)
      .use(
        serviceBase({
          internalCallers: deps.internalCallers,
          service: 'auth',
          logger: deps.logger,
          errorStatus: AUTH_ERROR_STATUS,
          telemetry: deps.telemetry,
          // Every gateway asks for revocations each second: logged at debug.
          pollRoutes: [REVOCATIONS_PATH],
          readiness: {
            documents: { check: () => deps.documents.ping(), required: true, kind: deps.documents.kind },
            keyValue: { check: () => deps.keyValue.ping(), required: true, kind: deps.keyValue.kind },
          },
        }),
      )
      .use(
        serviceOpenApi({
          title: 'Auth',
          description:
            'Sign-in (SMS code, SMS widget, identity provider, staff password, guest), refresh, password reset and the signed-in account. ' +
            'A request body must be JSON sent with Content-Type: application/json (else 400 UNSUPPORTED_CONTENT_TYPE); malformed JSON is 400 MALFORMED_JSON, JSON that is not an object (an array, a number, a string, true/false, null) 400 VALIDATION_FAILED on every operation, and a body that fails the schema 400 VALIDATION_FAILED.',
          tags: [
            { name: 'Auth', description: 'Sessions: obtain and refresh tokens, reset staff passwords' },
            { name: 'Account', description: 'The signed-in principal (bearer access token required)' },
          ],
        }),
      )
      .use(noStore())
      // Guest access (a POST without a body) ignores whatever a client sends with it; every other
      // operation refuses a body that is not JSON or not a JSON object, whether it reads one or not.
      .use(bodyLimit(deps.maxBodyBytes, { bodylessPaths: ['/auth/guest-access'] }))
      .get(
        '/.well-known/jwks.json',
        ({ set }) => {
          set.headers['cache-control'] = 'public, max-age=300';
          return jwks;
        },
        { detail: { hide: true } },
      )
      .use(otpRoutes(wiring))
      .use(widgetRoutes(wiring))
      .use(staffRoutes(wiring))
      .use(idpRoutes(wiring))
      .use(sessionRoutes(wiring))
      .use(accountRoutes(wiring))
      .use(accountSessionRoutes(wiring))
      .use(profileRoutes(wiring))
      .use(dataRightsRoutes(wiring))
      .use(staffAdminRoutes(wiring))
      .use(revocationRoutes(wiring))
      .use(contactRoutes(wiring))
      .use(guestHandoverRoutes(wiring))
  );
}
