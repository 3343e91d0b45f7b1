/**
 * Metrics and traces on the real processes (`bun scripts/start.ts`, embedded stores), exporting
 * spans to a local OTLP/HTTP receiver: a guest books through the gateway (a checkout: gateway,
 * bookings, catalog), then the spans of that one trace are found across the services, and every
 * service's GET /metrics is scraped with METRICS_TOKEN and read with a Prometheus text parser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { parseMetrics, sampleValue } from '@tm/shared/testing';
import { startOtlpReceiver } from './support/otlp-receiver.ts';
import { pollUntil, type RunningSystem, startSystem } from './support/system.ts';

const METRICS_TOKEN = 'e2e-metrics-token-0123456789';
const receiver = startOtlpReceiver();
let sys: RunningSystem;
beforeAll(async () => {
  sys = await startSystem({ METRICS_TOKEN, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
}, 60_000);
afterAll(async () => {
  await sys?.stop();
  await receiver.stop();
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

describe('one trace across the services', () => {
  it("follows a checkout's booking from the gateway through bookings to catalog, with the caller's trace id in every log line", async () => {
    const traceId = crypto.randomUUID().replaceAll('-', '');
    const guest = await api('POST', '/auth/guest-access');
    const created = await api(
      'POST',
      '/bookings',
      guest.body.data.accessToken,
      // The guest accepts the market's terms with the booking (the checkout gate, docs/legal.md).
      { items: [{ serviceId: 'react-developer', hours: 8 }], acceptedTermsVersion: 1 },
      { 'x-country': 'DE', traceparent: `00-${traceId}-00f067aa0ba902b7-01`, 'x-request-id': 'e2e-traced-checkout-1' },
    );
    expect(created.status).toBe(201);
    const spans = await pollUntil(
      async () => {
        // Every span read below: each service exports its spans in its own batches, and a server
        // span ends (and is sent) after the client spans inside it, so one service's spans can
        // arrive in two batches (the gateway's client span before its server span).
        const mine = receiver.spans.filter((s) => s.traceId === traceId);
        const ids = new Set(mine.map((s) => s.spanId));
        const servers = ['gateway', 'bookings', 'catalog'].map((x) => mine.find((s) => s.service === x && s.kind === 2));
        const insert = mine.find((s) => s.service === 'bookings' && s.name === 'insertOne bookings');
        const complete =
          servers.every((s) => s !== undefined) &&
          servers.slice(1).every((s) => ids.has(s?.parentSpanId ?? '')) &&
          insert !== undefined &&
          ids.has(insert.parentSpanId ?? '');
        return complete ? mine : undefined;
      },
      20_000,
      'spans of the traced checkout from gateway, bookings and catalog',
    );
    const server = (service: string) => spans.find((s) => s.service === service && s.kind === 2);
    // The gateway's server span continues the caller's; each service's server span is the child of its caller's client span.
    expect(server('gateway')?.parentSpanId).toBe('00f067aa0ba902b7');
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    for (const [callee, caller] of [
      ['bookings', 'gateway'],
      ['catalog', 'bookings'],
    ] as const) {
      const parent = byId.get(server(callee)?.parentSpanId ?? '');
      expect({ callee, parentService: parent?.service, parentKind: parent?.kind }).toEqual({ callee, parentService: caller, parentKind: 3 });
    }
    // The booking's write is a span of its own under bookings' server span (a store operation, kind client).
    const insert = spans.find((s) => s.service === 'bookings' && s.name === 'insertOne bookings');
    expect([insert?.kind, byId.get(insert?.parentSpanId ?? '')?.service]).toEqual([3, 'bookings']);
    // Every line the three services logged for this request carries its trace id.
    // (The lines are read as the processes write them, batched: wait for each service's first.)
    const lines = await pollUntil(
      async () => {
        const mine = sys.logs.filter((l) => l.requestId === 'e2e-traced-checkout-1');
        const services = new Set(mine.map((l) => l.service));
        return ['gateway', 'bookings', 'catalog'].every((x) => services.has(x)) ? mine : undefined;
      },
      10_000,
      'log lines of the traced checkout from gateway, bookings and catalog',
    );
    expect(lines.every((l) => l.traceId === traceId)).toBe(true);
  });
});

describe('metrics on every service', () => {
  it('counts a booking, its calls and its store writes, by route template, in each service', async () => {
    const before = await scrape(sys.urls.bookings);
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
    /** How much a bookings counter grew with this test's booking. */
    const grew = (name: string, labels: Record<string, string>) => sampleValue(bookings, name, labels) - sampleValue(before, name, labels);
    expect(grew('http_requests_total', { method: 'POST', route: '/bookings', status: '201' })).toBe(1);
    expect(grew('bookings_created_total', { market: 'IN' })).toBe(1);
    expect(grew('service_calls_total', { target: 'catalog', outcome: 'ok' })).toBe(1);
    expect(grew('store_operations_total', { store: 'embedded', collection: 'bookings', operation: 'insertOne' })).toBe(1);
    expect(sampleValue(gateway, 'http_requests_total', { method: 'POST', route: '/api/*', status: '201' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(gateway, 'gateway_rate_limit_decisions_total', { bucket: 'auth-routes', decision: 'allowed' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(gateway, 'gateway_rate_limit_decisions_total', { bucket: 'anonymous', decision: 'allowed' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(catalog, 'http_requests_total', { method: 'POST', route: '/jobs/pricing', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(auth, 'http_requests_total', { method: 'POST', route: '/auth/guest-access', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(talent, 'http_requests_total', { route: '/readyz', status: '200' })).toBeGreaterThanOrEqual(1);
  });

  it('refuses a scrape without the token on every service (401), and the gateway never proxies one', async () => {
    for (const url of Object.values(sys.urls)) expect({ url, status: (await fetch(`${url}/metrics`)).status }).toEqual({ url, status: 401 });
    expect((await fetch(`${sys.gateway}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(404);
  });
});
