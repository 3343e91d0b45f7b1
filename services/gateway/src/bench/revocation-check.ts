/**
 * The revocation check's cost on the gateway's hot path, measured in process: the same bearer
 * request to a protected route (`GET /api/account/me`, forwarded to a local stand-in for auth)
 * through two gateways built alike, one with revocation checking off (a fixed, empty set: the
 * gateway before instant revocation) and one with it on (a view read from a local feed holding
 * 100,000 revoked sessions). Rounds alternate off/on; the report gives median requests/s of
 * each and the on/off ratio, plus the isolated per-request check in nanoseconds. Run by
 * `bun run bench` as its own process (scripts/bench/revocation.ts), or by hand with bun.
 */

import { createLogger, systemClock } from '@tm/shared';
import { createApp } from '../app.ts';
import { createFixedRevocationView, createRevocationView, type RevocationView } from '../policy/revocations.ts';
import { createTokenVerifier } from '../policy/tokens.ts';
import { testDeps } from '../testing/gateway.ts';
import { startTestIssuer } from '../testing/tokens.ts';

export interface RevocationFigures {
  offRps: number;
  onRps: number;
  ratio: number;
  checkNs: number;
  revokedEntries: number;
  rounds: number;
  durationS: number;
}

const REVOKED = 100_000;

export async function measureRevocationCheck(options: { rounds: number; durationS: number }): Promise<RevocationFigures> {
  const issuer = await startTestIssuer();
  const token = await issuer.mint({ sub: 'u1', role: 'customer', sid: 'live-session' });
  const revoked = Array.from({ length: REVOKED }, (_, i) => ({ sid: `revoked-${i}`, until: Date.now() + 900_000 }));
  const auth = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(req) {
      if (new URL(req.url).pathname === '/internal/revocations') return Response.json({ success: true, data: { revoked, next: Date.now(), more: false } });
      return Response.json({ success: true, data: { id: 'u1', role: 'customer', sessionId: 'live-session' } });
    },
  });
  const authUrl = `http://127.0.0.1:${auth.port}`;
  const logger = createLogger('bench-gateway', () => {});
  const on = createRevocationView({ authUrl, fetch, clock: systemClock, logger, autoStart: false, maxStalenessMs: 3_600_000 });
  if (!(await on.refresh())) throw new Error('the revocation feed stand-in could not be read');
  const build = (revocations: RevocationView) =>
    createApp({
      ...testDeps({ upstream: authUrl, jwksUrl: `${authUrl}/jwks` }),
      upstreamTimeoutMs: 5000,
      tokens: createTokenVerifier({ jwksUrl: issuer.jwksUrl, clock: systemClock }),
      logger,
      revocations,
    });
  const gateways = { off: build(createFixedRevocationView()), on: build(on) };
  const request = () => new Request('http://localhost/api/account/me', { headers: { authorization: `Bearer ${token}` } });
  for (const gw of Object.values(gateways)) {
    const res = await gw.handle(request());
    if (res.status !== 200) throw new Error(`the protected bench request answered ${res.status}`);
  }
  const rps: Record<'off' | 'on', number[]> = { off: [], on: [] };
  try {
    for (let round = 0; round < options.rounds; round++) {
      for (const mode of round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
        rps[mode].push(await drive(gateways[mode], request, options.durationS));
      }
    }
  } finally {
    auth.stop(true);
    await issuer.stop();
  }
  // The check alone: the lookup and the freshness comparison every protected request makes.
  const sids = Array.from({ length: 1024 }, (_, i) => (i % 2 === 0 ? 'live-session' : `revoked-${(i * 97) % REVOKED}`));
  const n = 5_000_000;
  const started = Bun.nanoseconds();
  let hits = 0;
  for (let i = 0; i < n; i++) if (on.isRevoked(sids[i & 1023] ?? '') || !on.isFresh()) hits++;
  const checkNs = (Bun.nanoseconds() - started) / n;
  if (hits !== n / 2) throw new Error('the revocation check answered wrongly during the bench');
  const offRps = median(rps.off);
  const onRps = median(rps.on);
  return { offRps, onRps, ratio: onRps / offRps, checkNs, revokedEntries: REVOKED, rounds: options.rounds, durationS: options.durationS };
}

/** Requests/s through `app.handle` with 64 requests in flight for `durationS`. */
async function drive(app: { handle(r: Request): Promise<Response> }, request: () => Request, durationS: number): Promise<number> {
  const until = performance.now() + durationS * 1000;
  let done = 0;
  const worker = async () => {
    while (performance.now() < until) {
      const res = await app.handle(request());
      await res.arrayBuffer();
      done++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: 64 }, worker));
  return done / ((performance.now() - started) / 1000);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

// Run as a script by `bun run bench` (scripts/bench/revocation.ts): prints the figures as one JSON line.
if (import.meta.main) {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const durationS = Number(process.env.BENCH_DURATION_S ?? 8);
  console.log(JSON.stringify(await measureRevocationCheck({ rounds, durationS })));
}
