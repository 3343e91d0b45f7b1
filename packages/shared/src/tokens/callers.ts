/**
 * `@tm/shared/tokens/callers`: who calls a service, from `Authorization: Bearer …`, for every
 * service that reads a user's token itself (deployable alone, a second replica behind an internal
 * load balancer, the assistant's tool calls): the token verified against auth's JWKS
 * (@tm/shared/tokens/verify), then its session's word from this process's copy of auth's
 * revocation feed (@tm/shared/tokens/revocations), as the gateway asks it. The gateway keeps its
 * own cached verifier (policy/tokens.ts) over the same two.
 */
import type { Role } from '@tm/contracts';
import { createServiceClient } from '../client/index.ts';
import { type Clock, systemClock } from '../core/clock.ts';
import { DomainError } from '../core/errors.ts';
import type { Logger } from '../core/logger.ts';
import type { Telemetry } from '../telemetry/index.ts';
import { bearerToken, KEEP_VERDICT_AT_MOST_MS, TOKEN_LEEWAY_S } from './claims.ts';
import { type RevocationView, revocationViewFrom, sessionVerdict } from './revocations.ts';
import { type JWTVerifyGetKey, remoteJwks, verifyToken } from './verify.ts';

/** Who a verified access token speaks for: the only source of a user id in a service (never a body). `pid` is a PM's or resource's talent profile id. */
export interface Caller {
  sub: string;
  role: Role;
  pid?: string;
}

/** What the verifier needs of the revocation view: a lookup and its freshness (no I/O). */
export type SessionRevocations = Pick<RevocationView, 'isRevoked' | 'isFresh'>;

export interface CallerVerifier {
  /** The caller, undefined without an Authorization header; 401 UNAUTHORIZED for a header that is not a live session's valid access token. */
  optionalCaller(authorization: string | null): Promise<Caller | undefined>;
  /**
   * For routes open to anyone whose answer only gains from knowing the caller (a published review,
   * a lead, a tracked event): as `optionalCaller`, except that a token that cannot be checked right
   * now (auth's keys unreachable, or the copy of the revocation feed too old to tell) is no caller
   * rather than a 503, so a signed-in person is served as anyone while auth is away. An invalid or
   * revoked token is still 401.
   */
  publicCaller(authorization: string | null): Promise<Caller | undefined>;
  /** A signed-in caller: 401 UNAUTHORIZED without one. */
  caller(authorization: string | null): Promise<Caller>;
  /** An admin caller: 401 without a valid token, 403 FORBIDDEN for any other role. */
  admin(authorization: string | null): Promise<Caller>;
}

/** A valid token's verdict as kept: the caller it names, its session, and until when it is kept. */
interface KeptVerdict {
  caller: Caller;
  sid: string;
  untilMs: number;
}

/**
 * The one reading of a caller (codes from @tm/contracts' common table): no header is no caller; a
 * header that is not a bearer, a token that fails verification (EdDSA, issuer, audience, leeway,
 * `typ` access, claims as the contract has them) or whose session auth revoked (signed out,
 * deactivated, deleted) is 401 UNAUTHORIZED; keys that cannot be fetched, or a copy of the feed
 * older than its staleness bound (nobody can tell), are 503 UPSTREAM_UNAVAILABLE, never the
 * caller's fault.
 */
export function createCallerVerifier(options: {
  keys: JWTVerifyGetKey;
  clock: Clock;
  revocations: SessionRevocations;
  /** How many verified tokens are kept until their expiry (least recently used out first); 5,000 unless said. */
  keptTokens?: number;
}): CallerVerifier {
  const { keys, clock, revocations } = options;
  const keptTokens = options.keptTokens ?? 5000;
  // A valid token's verdict is kept, by the token, until the token expires (with the leeway): a signed-in page
  // evaluates flags or searches on every view, and an EdDSA verification is some 120 us. Only
  // valid verdicts are kept, and the session is still asked of the revocation view every time.
  const kept = new Map<string, KeptVerdict>();
  const unauthorized = () => new DomainError('UNAUTHORIZED', 'A valid access token is required');
  const unsure = (err: unknown) => err instanceof DomainError && err.code === 'UPSTREAM_UNAVAILABLE';
  const checking = new Map<string, Promise<KeptVerdict>>();
  async function verifyAndKeep(token: string): Promise<KeptVerdict> {
    const verdict = await verifyToken(token, keys, clock.now(), 'access');
    if (verdict.kind === 'unavailable') throw new DomainError('UPSTREAM_UNAVAILABLE', 'Tokens cannot be checked right now; try again shortly');
    if (verdict.kind === 'invalid') throw unauthorized();
    const { sub, role, pid, sid, exp } = verdict.claims;
    // Kept as long as the verification holds it valid (its expiry plus the leeway), as the gateway
    // keeps it, and never longer than an access token lives (KEEP_VERDICT_AT_MOST_MS): a token
    // signed with a key since withdrawn stops being accepted within that, whatever its `exp`.
    const untilMs = Math.min((exp + TOKEN_LEEWAY_S) * 1000, clock.now() + KEEP_VERDICT_AT_MOST_MS);
    const found: KeptVerdict = { caller: { sub, role, ...(pid ? { pid } : {}) }, sid, untilMs };
    kept.set(token, found);
    if (kept.size > keptTokens) kept.delete(kept.keys().next().value as string);
    return found;
  }
  async function optionalCaller(authorization: string | null): Promise<Caller | undefined> {
    if (authorization === null) return undefined;
    const token = bearerToken(authorization);
    if (token === undefined) throw unauthorized();
    let found = kept.get(token);
    if (found !== undefined) {
      kept.delete(token);
      if (clock.now() < found.untilMs) kept.set(token, found);
      else found = undefined;
    }
    if (found === undefined) {
      // Requests arriving together with a token not yet kept (a page's parallel calls right after
      // sign-in) wait for one verification instead of each making its own.
      let check = checking.get(token);
      if (check === undefined) {
        check = verifyAndKeep(token).finally(() => checking.delete(token));
        checking.set(token, check);
      }
      found = await check;
    }
    const session = sessionVerdict(revocations, found.sid);
    if (session === 'revoked') throw unauthorized();
    if (session === 'unknown') throw new DomainError('UPSTREAM_UNAVAILABLE', 'Signed-out sessions cannot be checked right now; try again shortly');
    return found.caller;
  }
  return {
    optionalCaller,
    publicCaller: (authorization) =>
      optionalCaller(authorization).catch((err: unknown) => {
        if (unsure(err)) return undefined;
        throw err;
      }),
    caller: async (authorization) => signedIn(await optionalCaller(authorization)),
    admin: async (authorization) => adminOnly(await optionalCaller(authorization)),
  };
}

/** `caller`'s rule over an optional caller already read (a reader that reads once per request): 401 UNAUTHORIZED without one. */
export function signedIn(caller: Caller | undefined): Caller {
  if (caller === undefined) throw new DomainError('UNAUTHORIZED', 'A valid access token is required');
  return caller;
}

/** `admin`'s rule over an optional caller already read: 401 without one, 403 FORBIDDEN for any role but admin. */
export function adminOnly(caller: Caller | undefined): Caller {
  const found = signedIn(caller);
  if (found.role !== 'admin') throw new DomainError('FORBIDDEN', 'Only admins may use this operation');
  return found;
}

/** What main.ts reads its token checks from: auth's URLs and the revocation settings (REVOCATION_SETTINGS). */
export interface CallerVerifierConfig {
  AUTH_URL: string;
  /** Auth's JWKS (AUTH_JWKS_URL, by default `${AUTH_URL}/.well-known/jwks.json`). */
  jwksUrl: string;
  REVOCATION_POLL_MS: number;
  REVOCATION_MAX_STALENESS_MS: number;
}

/**
 * The one wiring in main.ts of a service that verifies users' tokens itself: auth's JWKS through
 * the service client (its timeout, request id and call metrics; the client's base is the JWKS
 * URL's origin, which AUTH_JWKS_URL may set apart from AUTH_URL), the revocation view polling
 * auth's feed (stop it on shutdown; its readiness entry is not required), and the verifier over both.
 */
export function startCallerVerifier(
  config: CallerVerifierConfig,
  kit: { logger: Logger; telemetry?: Telemetry | undefined; credential?: string | undefined },
): { callers: CallerVerifier; keys: JWTVerifyGetKey; revocations: RevocationView } {
  const keys = remoteJwks({
    url: config.jwksUrl,
    fetch: createServiceClient({
      service: 'auth',
      baseUrl: new URL(config.jwksUrl).origin,
      timeoutMs: 2000,
      logger: kit.logger,
      telemetry: kit.telemetry,
      credential: kit.credential,
    }).fetch,
  });
  const revocations = revocationViewFrom(config, kit);
  return { callers: createCallerVerifier({ keys, clock: systemClock, revocations }), keys, revocations };
}
