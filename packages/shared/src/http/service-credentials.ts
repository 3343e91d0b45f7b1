/**
 * Service credentials: what a process shows when it calls another's `/internal/*` routes, and
 * what the called one accepts. A credential is `<caller>.<secret>`: it names the calling service,
 * and each service has its own, so one can be rotated (or revoked) without the others.
 *
 * - `SERVICE_CREDENTIAL`: this service's own credential, sent by createServiceClient on every call
 *   in the `X-Service-Credential` header.
 * - `SERVICE_CREDENTIALS_ACCEPTED`: the credentials this service accepts on `/internal/*`, comma
 *   separated, each either as sent (`<caller>.<secret>`) or as `<caller>:<sha256 hex of the whole
 *   credential>`, so a service need not hold its callers' secrets. Several per caller while one is
 *   rotated: add the new one, roll the caller, remove the old one.
 *
 * serviceBase checks the header on every `/internal/*` request before anything else runs (401
 * SERVICE_CREDENTIAL_REQUIRED without one, SERVICE_CREDENTIAL_INVALID with one not accepted); a
 * user's bearer token is never a credential there. On the embedded defaults `bun run start`
 * generates one per service at start (scripts/start.ts); production refuses to start without them.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Env, isProduction, type Reader } from '../core/config.ts';

/** The header a calling service's credential travels in. */
export const SERVICE_CREDENTIAL_HEADER = 'x-service-credential';

/** The routes only other services may call: every path under it needs a service credential. */
export const INTERNAL_PATH_PREFIX = '/internal/';

/** A caller's name: a service name as the supervisor and compose spell it. */
const CALLER = /^[a-z][a-z0-9-]{0,39}$/;
/** A secret: URL-safe characters only (it travels in a header and an env list), at least 32 of them. */
const SECRET = /^[A-Za-z0-9_-]{32,256}$/;
const DIGEST = /^[0-9a-f]{64}$/;

/** Splits `<caller>.<secret>`; undefined when it is not one. */
export function parseServiceCredential(value: string): { caller: string; secret: string } | undefined {
  const dot = value.indexOf('.');
  if (dot < 0) return undefined;
  const caller = value.slice(0, dot);
  const secret = value.slice(dot + 1);
  return CALLER.test(caller) && SECRET.test(secret) ? { caller, secret } : undefined;
}

/** A fresh credential for `caller`: 32 random bytes, base64url. */
export function generateServiceCredential(caller: string): string {
  if (!CALLER.test(caller)) throw new Error(`not a service name: "${caller}"`);
  return `${caller}.${randomBytes(32).toString('base64url')}`;
}

function digestOf(credential: string): Buffer {
  return createHash('sha256').update(credential).digest();
}

/** The `<caller>:<sha256hex>` form of a credential, for a SERVICE_CREDENTIALS_ACCEPTED that holds no secret. */
export function acceptedFormOf(credential: string): string {
  const parsed = parseServiceCredential(credential);
  if (!parsed) throw new Error('not a service credential (<caller>.<secret>)');
  return `${parsed.caller}:${digestOf(credential).toString('hex')}`;
}

/** One accepted credential: whose it is and the digest of the whole credential. */
interface AcceptedEntry {
  caller: string;
  digest: Buffer;
}

function parseAccepted(entry: string): AcceptedEntry {
  const colon = entry.indexOf(':');
  if (colon >= 0) {
    const caller = entry.slice(0, colon);
    const hex = entry.slice(colon + 1).toLowerCase();
    if (!CALLER.test(caller) || !DIGEST.test(hex)) throw new Error('an entry must be <caller>.<secret> or <caller>:<sha256 hex>');
    return { caller, digest: Buffer.from(hex, 'hex') };
  }
  const parsed = parseServiceCredential(entry);
  if (!parsed) throw new Error('an entry must be <caller>.<secret> (a secret of 32 or more URL-safe characters) or <caller>:<sha256 hex>');
  return { caller: parsed.caller, digest: digestOf(entry) };
}

/** The outcome of checking one request's credential. */
export type CredentialCheck = { ok: true; caller: string } | { ok: false; code: 'SERVICE_CREDENTIAL_REQUIRED' | 'SERVICE_CREDENTIAL_INVALID' };

/** Who may call this service's `/internal/*` routes. */
export interface InternalCallers {
  /** The callers with at least one accepted credential (for the start-up log line; never the secrets). */
  readonly callers: readonly string[];
  /** Checks the `X-Service-Credential` header's value (null when absent). */
  check(header: string | null): CredentialCheck;
}

/**
 * The accepted credentials (entries as SERVICE_CREDENTIALS_ACCEPTED holds them). The check hashes
 * what was shown and compares it with every accepted digest in constant time, without stopping at
 * the first match, so neither timing nor the shape of the list tells a caller how close it came.
 * An empty list accepts nobody.
 */
export function acceptServiceCredentials(entries: readonly string[]): InternalCallers {
  const accepted = entries.map(parseAccepted);
  const callers = [...new Set(accepted.map((a) => a.caller))].sort();
  return {
    callers,
    check(header) {
      if (header === null || header.trim() === '') return { ok: false, code: 'SERVICE_CREDENTIAL_REQUIRED' };
      const shown = digestOf(header.trim());
      let caller: string | undefined;
      for (const entry of accepted) if (timingSafeEqual(shown, entry.digest) && caller === undefined) caller = entry.caller;
      return caller === undefined ? { ok: false, code: 'SERVICE_CREDENTIAL_INVALID' } : { ok: true, caller };
    },
  };
}

/** Nobody may call: what serviceBase uses when a service is given no accepted credentials. */
export const NO_INTERNAL_CALLERS: InternalCallers = acceptServiceCredentials([]);

/** The variables every service reads (spread into its config spec, as TELEMETRY_SETTINGS). */
export const SERVICE_CREDENTIAL_SETTINGS = {
  /** This service's own credential, `<name>.<secret>`, sent on every call to another service. */
  SERVICE_CREDENTIAL: ((raw) => {
    if (raw === undefined) return undefined;
    if (!parseServiceCredential(raw.trim())) throw new Error('must be <service name>.<secret> (a secret of 32 or more URL-safe characters)');
    return raw.trim();
  }) as Reader<string | undefined>,
  /** The credentials accepted on /internal/*: comma list of `<caller>.<secret>` or `<caller>:<sha256 hex>`. */
  SERVICE_CREDENTIALS_ACCEPTED: ((raw) => {
    if (raw === undefined) return undefined;
    const entries = raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    entries.forEach((entry, i) => {
      try {
        parseAccepted(entry);
      } catch (err) {
        // Never the entry itself: it may hold a secret.
        throw new Error(`entry ${i + 1}: ${(err as Error).message}`);
      }
    });
    return entries;
  }) as Reader<readonly string[] | undefined>,
};

/** What main.ts takes from its config: the credential its clients send and who may call its /internal routes. */
export interface ServiceCredentials {
  /** Sent by every service client (ClientKit.credential); undefined: calls go without one (and /internal answers 401). */
  credential: string | undefined;
  internalCallers: InternalCallers;
}

export function serviceCredentialsFrom(config: {
  SERVICE_CREDENTIAL?: string | undefined;
  SERVICE_CREDENTIALS_ACCEPTED?: readonly string[] | undefined;
}): ServiceCredentials {
  return { credential: config.SERVICE_CREDENTIAL, internalCallers: acceptServiceCredentials(config.SERVICE_CREDENTIALS_ACCEPTED ?? []) };
}

/**
 * Production refuses to start without credentials, as it refuses generated keys: the service's
 * own (when it calls another's /internal routes) and the accepted list (when it serves some).
 * Not waived by ALLOW_EMBEDDED_IN_PRODUCTION: a demo on one node still must not open /internal.
 */
export function serviceCredentialProblems(
  env: Env,
  config: { SERVICE_CREDENTIAL?: string | undefined; SERVICE_CREDENTIALS_ACCEPTED?: readonly string[] | undefined },
  needs: { calls: boolean; serves: boolean },
): string[] {
  if (!isProduction(env)) return [];
  const problems: string[] = [];
  const why = 'must be set when NODE_ENV=production (/internal routes need service credentials; see docs/service-kit.md)';
  if (needs.calls && config.SERVICE_CREDENTIAL === undefined) problems.push(`SERVICE_CREDENTIAL: ${why}`);
  if (needs.serves && (config.SERVICE_CREDENTIALS_ACCEPTED ?? []).length === 0) problems.push(`SERVICE_CREDENTIALS_ACCEPTED: ${why}`);
  return problems;
}
