/**
 * `@tm/bookings/testing`: what other workspaces' tests need to run a bookings app (the gateway's
 * agent stack and OpenAPI tests): the app on embedded stores, and the HTTP catalog and token
 * verifier to point it at real peers.
 */
export { createTokenVerifier } from '../auth/token-verifier.ts';
export { createHttpCatalog } from '../catalog/catalog-port.ts';
export { createMetricsRoutes } from '../internal/metrics.ts';
export { createHttpLegal } from '../legal/legal-port.ts';
export { type BookingsUnderTest, createBookingsUnderTest } from './bookings-under-test.ts';
export { createFakeLegal } from './fake-legal.ts';
