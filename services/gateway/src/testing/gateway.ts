import { createMemoryLogger, systemClock } from '@tm/shared';
import { createApp, type GatewayDeps } from '../app.ts';
import { createGatewayLimiter } from '../policy/limiter.ts';
import { createTokenVerifier } from '../policy/tokens.ts';

/** Gateway deps for tests: every upstream at `upstream`, an in-memory limiter, tokens from `jwksUrl`. */
export function testDeps(options: { upstream: string; jwksUrl: string } & Partial<GatewayDeps>): GatewayDeps {
  const { upstream, jwksUrl, ...overrides } = options;
  return {
    upstreams: { auth: upstream, catalog: upstream, talent: upstream },
    fetch: globalThis.fetch,
    publicSiteUrl: 'http://localhost:8080',
    upstreamTimeoutMs: 500,
    logger: createMemoryLogger('gateway'),
    clock: systemClock,
    limiter: createGatewayLimiter({ windowS: 60, quotas: { anonymous: 300, authenticated: 600, 'auth-routes': 30 } }),
    tokens: createTokenVerifier({ jwksUrl, clock: systemClock }),
    trustProxy: 0,
    maxBodyBytes: 65_536,
    corsOrigins: ['https://app.example'],
    ...overrides,
  };
}

/** A gateway built the way main.ts builds it, with test deps. */
export function testGateway(options: Parameters<typeof testDeps>[0]) {
  return createApp(testDeps(options));
}

/** A request to the gateway at http://localhost (Elysia's router needs a real-looking host). */
export function req(path: string, init: RequestInit = {}): Request {
  return new Request(`http://localhost${path}`, init);
}
