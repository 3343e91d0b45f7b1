import { afterAll, beforeAll } from 'bun:test';
import { createMemoryLogger, systemClock } from '@tm/shared';
import { TEST_SERVICE_CREDENTIAL } from '@tm/shared/testing';
import { createApp, type GatewayDeps } from '../app.ts';
import { createGatewayLimiter } from '../policy/limiter.ts';
import { createFixedRevocationView } from '../policy/revocations.ts';
import { createTokenVerifier } from '../policy/tokens.ts';
import { UPSTREAM_NAMES, type Upstreams } from '../site-deps.ts';
import { type Peer, startPeer } from './peers.ts';
import { startTestIssuer, type TestIssuer } from './tokens.ts';

/** Every upstream at one base URL (a test peer, or a closed port); spread it and override the ones a test cares about. */
export function upstreamsAt(url: string): Upstreams {
  return Object.fromEntries(UPSTREAM_NAMES.map((name) => [name, url])) as Upstreams;
}

/** Gateway deps for tests: every upstream at `upstream`, an in-memory limiter, tokens from `jwksUrl`. */
export function testDeps(options: { upstream: string; jwksUrl: string } & Partial<GatewayDeps>): GatewayDeps {
  const { upstream, jwksUrl, ...overrides } = options;
  return {
    upstreams: upstreamsAt(upstream),
    fetch: globalThis.fetch,
    publicSiteUrl: 'http://localhost:8080',
    upstreamTimeoutMs: 500,
    logger: createMemoryLogger('gateway'),
    clock: systemClock,
    limiter: createGatewayLimiter({ windowS: 60, quotas: { anonymous: 300, authenticated: 600, 'auth-routes': 30 } }),
    tokens: createTokenVerifier({ jwksUrl, clock: systemClock }),
    revocations: createFixedRevocationView(),
    trustProxy: 0,
    maxBodyBytes: 65_536,
    corsOrigins: ['https://app.example'],
    // Calls to /internal/* carry the credential the services' test factories accept.
    serviceCredential: TEST_SERVICE_CREDENTIAL,
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

/**
 * For a test file: one recording peer service and one token issuer, started before its tests and
 * stopped after them, and gateways in front of both (every upstream at the peer, tokens from the
 * issuer's JWKS). Call it at the top of the file; read `peer` and `issuer` inside tests.
 */
export function gatewayTestPeers() {
  let peer: Peer | undefined;
  let issuer: TestIssuer | undefined;
  beforeAll(async () => {
    peer = startPeer();
    issuer = await startTestIssuer();
  });
  afterAll(async () => {
    await peer?.stop();
    await issuer?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('gatewayTestPeers: read peer and issuer inside tests, after beforeAll');
    return value;
  };
  return {
    get peer(): Peer {
      return started(peer);
    },
    get issuer(): TestIssuer {
      return started(issuer);
    },
    /** A gateway in front of the peer, trusting the issuer; `extra` overrides any dep. */
    gateway(extra: Partial<GatewayDeps> = {}) {
      return testGateway({ upstream: started(peer).url, jwksUrl: started(issuer).jwksUrl, ...extra });
    },
  };
}
