/**
 * Service credentials on real processes (issue 19): every `/internal/*` route of every service,
 * listed from the services' own apps, answers 401 without a credential, with a user's bearer
 * token, with a wrong one and with a revoked one, and lets a listed service in; the gateway
 * forwards none of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createAssistantUnderTest } from '@tm/assistant/testing';
import { createAuthUnderTest } from '@tm/auth/testing';
import { createBookingsUnderTest, createMetricsRoutes } from '@tm/bookings/testing';
import { createTestCatalog } from '@tm/catalog/testing';
import { createContentUnderTest } from '@tm/content/testing';
import { createGrowthUnderTest } from '@tm/growth/testing';
import { createMessagingUnderTest } from '@tm/messaging/testing';
import { createReviewsUnderTest } from '@tm/reviews/testing';
import { createSearchUnderTest } from '@tm/search/testing';
import { INTERNAL_PATH_PREFIX, SERVICE_CREDENTIAL_HEADER } from '@tm/shared/http';
import { rawHttpExchange } from '@tm/shared/testing';
import { createSeededApp } from '@tm/talent/testing';
import { type RunningSystem, type SystemProcess, startSystem } from './support/system.ts';

interface InternalRoute {
  service: SystemProcess;
  method: string;
  path: string;
}

/** Every /internal/* route each service's app declares (bookings' counters are mounted by its main.ts beside the app). */
async function internalRoutes(): Promise<InternalRoute[]> {
  const apps: [SystemProcess, { routes: { method: string; path: string }[] }][] = [
    ['auth', (await createAuthUnderTest()).app],
    ['catalog', (await createTestCatalog()).app],
    ['talent', (await createSeededApp()).app],
    ['bookings', (await createBookingsUnderTest()).app.use(createMetricsRoutes({ documentWrites: 0, catalogCalls: 0 }))],
    ['messaging', (await createMessagingUnderTest()).app],
    ['content', (await createContentUnderTest()).app],
    ['reviews', (await createReviewsUnderTest()).app],
    ['search', (await createSearchUnderTest()).app],
    ['growth', (await createGrowthUnderTest()).app],
    ['assistant', (await createAssistantUnderTest()).app],
  ];
  return apps.flatMap(([service, app]) =>
    app.routes
      .filter((r) => r.path.startsWith(INTERNAL_PATH_PREFIX) && r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .map((r) => ({ service, method: r.method, path: r.path })),
  );
}

/** A concrete path for a route template: each parameter becomes a made-up id. */
const concrete = (path: string) => path.replace(/:(\w+)/g, (_, name: string) => (name === 'type' ? 'terms' : `x-${name}`));

let system: RunningSystem;
let routes: InternalRoute[];

beforeAll(async () => {
  routes = await internalRoutes();
  system = await startSystem();
}, 300_000);
afterAll(() => system?.stop());

describe('service credentials on every /internal route', () => {
  it('finds the internal routes of every service that has some', () => {
    const services = new Set(routes.map((r) => r.service));
    for (const service of ['auth', 'catalog', 'talent', 'bookings', 'content', 'growth', 'messaging', 'reviews'] as const) expect(services).toContain(service);
    expect(routes.length).toBeGreaterThanOrEqual(20);
  });

  it('answers 401 without a credential, with a bearer token, a wrong one or a revoked one; lets a listed service in', async () => {
    // A credential bookings once had: well-formed, but not (any more) in anyone's accepted list.
    const revoked = `bookings.${'r'.repeat(43)}`;
    const wrong = `${system.credentials.bookings.slice(0, -1)}${system.credentials.bookings.endsWith('A') ? 'B' : 'A'}`;
    const failures: string[] = [];
    for (const route of routes) {
      const url = `${system.urls[route.service]}${concrete(route.path)}`;
      const send = (headers: Record<string, string>) =>
        fetch(url, {
          method: route.method,
          headers: { ...headers, ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }) },
          body: route.method === 'GET' ? undefined : '{}',
        });
      const codeOf = async (res: Response) => ((await res.json()) as { error?: { code?: string } }).error?.code;
      const cases: [string, Record<string, string>, string][] = [
        ['none', {}, 'SERVICE_CREDENTIAL_REQUIRED'],
        ['bearer', { authorization: `Bearer ${system.credentials.bookings}` }, 'SERVICE_CREDENTIAL_REQUIRED'],
        ['wrong', { [SERVICE_CREDENTIAL_HEADER]: wrong }, 'SERVICE_CREDENTIAL_INVALID'],
        ['revoked', { [SERVICE_CREDENTIAL_HEADER]: revoked }, 'SERVICE_CREDENTIAL_INVALID'],
      ];
      for (const [name, headers, code] of cases) {
        const res = await send(headers);
        const got = await codeOf(res);
        if (res.status !== 401 || got !== code) failures.push(`${route.method} ${route.path} (${route.service}) ${name}: ${res.status} ${got}`);
      }
      // Let in: an answer of the route itself (200, or its own 400/404 for the made-up ids and the empty body).
      const right = await send({ [SERVICE_CREDENTIAL_HEADER]: system.credentials.gateway });
      await right.body?.cancel();
      if (![200, 400, 404].includes(right.status)) failures.push(`${route.method} ${route.path} (${route.service}) right: ${right.status}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('the gateway forwards no /internal route, however the path is spelled', async () => {
    const port = Number(new URL(system.gateway).port);
    const bookings = system.credentials.bookings;
    for (const path of [
      '/internal/contacts?userId=u',
      '/api/internal/contacts?userId=u',
      '/api/bookings/%2e%2e/internal/metrics',
      '/api/bookings/..%2finternal/metrics',
    ]) {
      // Sent raw, so nothing on this side normalizes the path; a credential from outside does not help either.
      const answer = await rawHttpExchange(
        port,
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${SERVICE_CREDENTIAL_HEADER}: ${bookings}\r\nConnection: close\r\n\r\n`,
      );
      const status = Number(answer.split(' ')[1]);
      expect({ path, refused: [400, 401, 404].includes(status), leaked: answer.includes('documentWrites') || answer.includes('"email"') }).toEqual({
        path,
        refused: true,
        leaked: false,
      });
    }
  });
});
