/**
 * Metrics on the real processes (`bun scripts/start.ts`, embedded stores): a guest books through
 * the gateway, then every service's GET /metrics is scraped with METRICS_TOKEN and read with a
 * Prometheus text parser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { parseMetrics, sampleValue } from '@tm/shared/testing';
import { type RunningSystem, startSystem } from './support/system.ts';

const METRICS_TOKEN = 'e2e-metrics-token-0123456789';
let sys: RunningSystem;
beforeAll(async () => {
  sys = await startSystem({ METRICS_TOKEN });
}, 60_000);
afterAll(async () => {
  await sys?.stop();
});

async function api(method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${sys.gateway}/api${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data: any } };
}

const scrape = async (url: string) => {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.status).toBe(200);
  return parseMetrics(await res.text());
};

describe('metrics on every service', () => {
  it('counts a booking, its calls and its store writes, by route template, in each service', async () => {
    const guest = await api('POST', '/auth/guest-access');
    const created = await api(
      'POST',
      '/bookings',
      guest.body.data.accessToken,
      // The guest accepts the market's terms with the booking (the checkout gate, docs/legal.md).
      { items: [{ serviceId: 'react-developer', hours: 20 }], acceptedTermsVersion: 1 },
      { 'x-country': 'IN' },
    );
    expect(created.status).toBe(201);

    const [gateway, auth, catalog, talent, bookings] = await Promise.all([
      scrape(sys.urls.gateway),
      scrape(sys.urls.auth),
      scrape(sys.urls.catalog),
      scrape(sys.urls.talent),
      scrape(sys.urls.bookings),
    ]);
    for (const families of [gateway, auth, catalog, talent, bookings]) {
      for (const name of [
        'http_requests_total',
        'http_request_duration_seconds',
        'service_calls_total',
        'store_operations_total',
        'process_resident_memory_bytes',
      ])
        expect({ name, present: families.has(name) }).toEqual({ name, present: true });
    }
    expect(sampleValue(gateway, 'http_requests_total', { method: 'POST', route: '/api/*', status: '201' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(gateway, 'gateway_rate_limit_decisions_total', { bucket: 'auth-routes', decision: 'allowed' })).toBe(1);
    expect(sampleValue(gateway, 'gateway_rate_limit_decisions_total', { bucket: 'anonymous', decision: 'allowed' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(bookings, 'http_requests_total', { method: 'POST', route: '/bookings', status: '201' })).toBe(1);
    expect(sampleValue(bookings, 'bookings_created_total', { market: 'IN' })).toBe(1);
    expect(sampleValue(bookings, 'service_calls_total', { target: 'catalog', outcome: 'ok' })).toBe(1);
    expect(sampleValue(bookings, 'store_operations_total', { store: 'embedded', collection: 'bookings', operation: 'insertOne' })).toBe(1);
    expect(sampleValue(catalog, 'http_requests_total', { method: 'POST', route: '/jobs/pricing', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(auth, 'http_requests_total', { method: 'POST', route: '/auth/guest-access', status: '200' })).toBe(1);
    expect(sampleValue(talent, 'http_requests_total', { route: '/readyz', status: '200' })).toBeGreaterThanOrEqual(1);
  });

  it('refuses a scrape without the token on every service (401), and the gateway never proxies one', async () => {
    for (const url of Object.values(sys.urls)) expect({ url, status: (await fetch(`${url}/metrics`)).status }).toEqual({ url, status: 401 });
    expect((await fetch(`${sys.gateway}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(404);
  });
});
