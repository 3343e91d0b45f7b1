import { describe, expect, it } from 'bun:test';
import { createTelemetry, UNMATCHED_ROUTE } from '@tm/shared/telemetry';
import { parseMetrics, sampleValue, waitFor } from '@tm/shared/testing';
import { createGatewayLimiter } from './policy/limiter.ts';
import { gatewayTestPeers, req, upstreamsAt } from './testing/gateway.ts';

const env = gatewayTestPeers();
const TOKEN = 'metrics-token-for-tests-0001';
const bearer = { authorization: `Bearer ${TOKEN}` };

describe('the gateway GET /metrics', () => {
  it('does not exist while METRICS_TOKEN is not configured: 404, even with a bearer token', async () => {
    const app = env.gateway();
    for (const headers of [{}, bearer]) {
      const res = await app.handle(req('/metrics', { headers }));
      expect([res.status, (await res.json()).error.code]).toEqual([404, 'ROUTE_NOT_FOUND']);
    }
  });

  it('answers 401 in the envelope without the configured bearer token, and the Prometheus text with it', async () => {
    const app = env.gateway({ telemetry: createTelemetry({ service: 'gateway', metricsToken: TOKEN }) });
    const none = await app.handle(req('/metrics'));
    expect([none.status, (await none.json()).error.code]).toEqual([401, 'UNAUTHORIZED']);
    const wrong = await app.handle(req('/metrics', { headers: { authorization: 'Bearer not-the-metrics-token' } }));
    expect(wrong.status).toBe(401);
    const ok = await app.handle(req('/metrics', { headers: bearer }));
    expect(ok.status).toBe(200);
    expect(parseMetrics(await ok.text()).has('http_requests_total')).toBe(true);
  });

  it('counts requests by route template, rate-limit decisions by bucket, and services that fail the proxy', async () => {
    const limiter = createGatewayLimiter({ windowS: 60, quotas: { anonymous: 3, authenticated: 600, 'auth-routes': 30 } });
    const app = env.gateway({
      telemetry: createTelemetry({ service: 'gateway', metricsToken: TOKEN }),
      limiter,
      upstreams: { ...upstreamsAt(env.peer.url), catalog: 'http://127.0.0.1:9' },
    });
    const statuses: number[] = [];
    for (const path of ['/api/pm/p-1/profile', '/api/services/x', '/api/pm/p-2/profile', '/api/pm/p-3/profile'])
      statuses.push((await app.handle(req(path))).status);
    expect(statuses).toEqual([200, 503, 200, 429]);
    const scrape = async () => parseMetrics(await (await app.handle(req('/metrics', { headers: bearer }))).text());
    // A request refused before routing (here by the limiter) has no route template: it counts as unmatched.
    await waitFor('four requests counted', async () => sampleValue(await scrape(), 'http_requests_total', { route: UNMATCHED_ROUTE, status: '429' }) === 1);
    const families = await scrape();
    expect(sampleValue(families, 'http_requests_total', { method: 'GET', route: '/api/*', status: '200' })).toBe(2);
    expect(sampleValue(families, 'gateway_rate_limit_decisions_total', { bucket: 'anonymous', decision: 'allowed' })).toBeGreaterThanOrEqual(3);
    expect(sampleValue(families, 'gateway_rate_limit_decisions_total', { bucket: 'anonymous', decision: 'limited' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(families, 'gateway_upstream_errors_total', { upstream: 'catalog', code: 'UPSTREAM_UNAVAILABLE' })).toBe(1);
    expect(families.get('http_requests_total')?.metrics.some((m) => m.labels?.route?.includes('p-1'))).toBe(false);
  });

  it("never serves or proxies another service's /metrics", async () => {
    const app = env.gateway({ telemetry: createTelemetry({ service: 'gateway', metricsToken: TOKEN }) });
    const before = env.peer.seen.length;
    for (const path of ['/api/metrics', '/api/services/../metrics', '/api/services/%2e%2e/metrics', '/api/catalog/metrics']) {
      const res = await app.handle(req(path, { headers: bearer }));
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
    expect(env.peer.seen.slice(before).map((s) => s.path)).toEqual([]);
  });
});
