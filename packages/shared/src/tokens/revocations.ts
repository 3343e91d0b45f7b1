import { REVOCATIONS_PATH, RevocationFeedSchema } from '@tm/contracts';
import { createServiceClient } from '../client/index.ts';
import { type Clock, systemClock } from '../core/clock.ts';
import { read } from '../core/config.ts';
import type { Logger } from '../core/logger.ts';
import type { Telemetry } from '../telemetry/index.ts';

/**
 * A process's local copy of auth's revoked sessions: the gateway's, and that of every service that
 * verifies users' tokens itself (@tm/shared/tokens/callers). The per-request check is a Map lookup and
 * a clock comparison (no I/O on the hot path); a background loop refreshes the copy from auth's
 * revocation feed every `intervalMs`. Fail safe: while the copy is older than `maxStalenessMs`
 * (auth away, feed failing) `isFresh()` is false and protected routes answer 503 rather than let
 * a session revoked meanwhile through.
 */
export interface RevocationView {
  isRevoked(sid: string): boolean;
  /** True while the last successful refresh is at most `maxStalenessMs` old. */
  isFresh(): boolean;
  /** One refresh now (tests; the loop calls it). Resolves false when the feed could not be read. */
  refresh(): Promise<boolean>;
  /** /readyz entry: not required (public routes still serve), reported degraded while stale. */
  readiness(): Record<string, { check: () => Promise<boolean>; required: boolean; kind?: string }>;
  stop(): void;
}

export interface RevocationViewOptions {
  /** Auth's base URL (the feed is `${authUrl}/internal/revocations`). */
  authUrl: string;
  fetch: typeof fetch;
  clock: Clock;
  logger: Logger;
  telemetry?: Telemetry;
  /** This process's service credential (SERVICE_CREDENTIAL): the feed is an /internal route. */
  serviceCredential?: string | undefined;
  /** Poll period (REVOCATION_POLL_MS, default 1000). */
  intervalMs?: number;
  /** Age beyond which the copy is not trusted (REVOCATION_MAX_STALENESS_MS, default 4000). */
  maxStalenessMs?: number;
  /** Per-poll timeout; the interval by default. */
  timeoutMs?: number;
  /** false: no background loop (tests call refresh()). */
  autoStart?: boolean;
}

/** Entries are kept this long past their `until` (auth's clock), to cover clock skew between auth and the gateway. */
const SKEW_MARGIN_MS = 60_000;

/** Polls auth's revocation feed into a local set; see RevocationView. */
export function createRevocationView(options: RevocationViewOptions): RevocationView {
  const { clock, logger, intervalMs = 1000, maxStalenessMs = 4000, timeoutMs = intervalMs } = options;
  const revoked = new Map<string, number>();
  let since = 0;
  let freshAt = Number.NEGATIVE_INFINITY;
  let failing = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  // Quiet: an outage is logged once below, not once per poll.
  const auth = createServiceClient({
    service: 'auth',
    baseUrl: options.authUrl,
    timeoutMs,
    fetch: options.fetch,
    logger,
    telemetry: options.telemetry,
    credential: options.serviceCredential,
    quiet: true,
  });

  async function readPage(): Promise<{ next: number; more: boolean }> {
    const res = await auth.call(REVOCATIONS_PATH, { schema: RevocationFeedSchema, query: { since } });
    if (!res.ok) throw new Error(`revocation feed: ${res.code} (${res.status})`);
    for (const entry of res.data.revoked) revoked.set(entry.sid, entry.until);
    return res.data;
  }

  async function refresh(): Promise<boolean> {
    const started = clock.now();
    try {
      // A full page is followed at once, at most 20 pages a round (100k revocations), so one round cannot run for ever.
      for (let page = 0; page < 20; page++) {
        const { next, more } = await readPage();
        since = next;
        if (!more) break;
      }
      freshAt = started;
      if (failing) logger.info('revocation feed recovered', { revoked: revoked.size });
      failing = false;
      prune(clock.now());
      return true;
    } catch (err) {
      if (!failing) logger.warn('revocation feed unreadable: protected routes answer 503 once the copy is stale', { error: String(err), maxStalenessMs });
      failing = true;
      return false;
    }
  }

  function prune(now: number): void {
    for (const [sid, until] of revoked) if (until + SKEW_MARGIN_MS < now) revoked.delete(sid);
  }

  async function loop(): Promise<void> {
    if (stopped) return;
    const ok = await refresh();
    // Until the first read succeeds (auth starting) it asks four times as often, so protected routes open sooner.
    if (!stopped) timer = setTimeout(loop, ok || freshAt > Number.NEGATIVE_INFINITY ? intervalMs : Math.max(50, intervalMs / 4));
  }
  if (options.autoStart !== false) void loop();

  return {
    isRevoked: (sid) => revoked.has(sid),
    isFresh: () => clock.now() - freshAt <= maxStalenessMs,
    refresh,
    readiness: () => ({ revocations: { check: async () => clock.now() - freshAt <= maxStalenessMs, required: false, kind: 'auth feed' } }),
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

/**
 * The one wiring of a process's view in main.ts (the gateway, and every service that verifies
 * users' tokens itself): auth's feed at AUTH_URL with this process's service credential, polled
 * every REVOCATION_POLL_MS on the system clock, trusted for REVOCATION_MAX_STALENESS_MS.
 */
export function revocationViewFrom(
  config: { AUTH_URL: string; REVOCATION_POLL_MS: number; REVOCATION_MAX_STALENESS_MS: number },
  kit: { logger: Logger; telemetry?: Telemetry | undefined; credential?: string | undefined },
): RevocationView {
  return createRevocationView({
    authUrl: config.AUTH_URL,
    fetch: globalThis.fetch,
    clock: systemClock,
    logger: kit.logger,
    telemetry: kit.telemetry,
    serviceCredential: kit.credential,
    intervalMs: config.REVOCATION_POLL_MS,
    maxStalenessMs: config.REVOCATION_MAX_STALENESS_MS,
  });
}

/** A view with a fixed set and always fresh: for tests of everything but revocation itself. */
export function createFixedRevocationView(sids: Iterable<string> = []): RevocationView {
  const set = new Set(sids);
  return {
    isRevoked: (sid) => set.has(sid),
    isFresh: () => true,
    refresh: async () => true,
    readiness: () => ({}),
    stop() {},
  };
}

/** What the revocation feed says of a valid token's session: 'revoked', 'unknown' while the copy is stale, else 'live'. */
export type SessionVerdict = 'live' | 'revoked' | 'unknown';

/**
 * The poll period and staleness bound, read the same way wherever a copy is kept (the gateway,
 * every service that verifies tokens itself): REVOCATION_POLL_MS (100-2000, default 1000) and REVOCATION_MAX_STALENESS_MS
 * (1000-60000, default 4000), the bound at least twice the period (see revocationProblems).
 */
export const REVOCATION_SETTINGS = {
  REVOCATION_POLL_MS: read.int(1000, { min: 100, max: 2000 }),
  REVOCATION_MAX_STALENESS_MS: read.int(4000, { min: 1000, max: 60_000 }),
};

/** The staleness rule: one slow poll must not fail every protected route, so the bound is at least two periods. */
export function revocationProblems(config: { REVOCATION_POLL_MS: number; REVOCATION_MAX_STALENESS_MS: number }): string[] {
  return config.REVOCATION_MAX_STALENESS_MS < 2 * config.REVOCATION_POLL_MS
    ? ['REVOCATION_MAX_STALENESS_MS: must be at least twice REVOCATION_POLL_MS (one slow poll must not fail every protected route)']
    : [];
}

/** The revocation feed's word on a valid token's session (a local set lookup, no I/O): what the gateway's decideAccess takes as `session`. */
export function sessionVerdict(revocations: Pick<RevocationView, 'isRevoked' | 'isFresh'>, sid: string): SessionVerdict {
  if (revocations.isRevoked(sid)) return 'revoked';
  return revocations.isFresh() ? 'live' : 'unknown';
}
