import { acceptServiceCredentials, type InternalCallers, SERVICE_CREDENTIAL_HEADER } from '../http/service-credentials.ts';

/** The credential tests call /internal/* routes with (a fixed one: tests only, never configured anywhere). */
export const TEST_SERVICE_CREDENTIAL = 'tests.test-only-credential-0123456789abcdefghij';

/** Accepts TEST_SERVICE_CREDENTIAL alone: what a service's test factory gives its app (`internalCallers`). */
export const TEST_INTERNAL_CALLERS: InternalCallers = acceptServiceCredentials([TEST_SERVICE_CREDENTIAL]);

/** The header a test's request to an /internal/* route carries (spread into its headers). */
export const INTERNAL_CALL_HEADERS: Readonly<Record<string, string>> = { [SERVICE_CREDENTIAL_HEADER]: TEST_SERVICE_CREDENTIAL };

/** Service credentials as a production configuration must have them: for config tests of NODE_ENV=production. */
export const TEST_CREDENTIAL_ENV: Readonly<Record<string, string>> = {
  SERVICE_CREDENTIAL: TEST_SERVICE_CREDENTIAL,
  SERVICE_CREDENTIALS_ACCEPTED: TEST_SERVICE_CREDENTIAL,
};
