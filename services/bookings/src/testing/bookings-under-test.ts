import type { Cart, LiveGuestSession, MailContact, MarketCode, Quote } from '@tm/contracts';
import { MARKETS, type Role } from '@tm/contracts';
import { type Clock, createManualClock, createMemoryLogger, DomainError } from '@tm/shared';
import { createMemoryMailer } from '@tm/shared/mail';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { INTERNAL_CALL_HEADERS, TEST_INTERNAL_CALLERS } from '@tm/shared/testing';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@tm/shared/tokens';
import type { SessionRevocations } from '@tm/shared/tokens/callers';
import { exportJWK, generateKeyPair, type JWTVerifyGetKey, SignJWT } from 'jose';
import { buildParts, createApp } from '../app.ts';
import { type ContactsPort, ContactsUnavailableError } from '../auth/contacts-port.ts';
import type { GuestSessionsPort } from '../auth/guest-sessions-port.ts';
import { createTokenVerifier } from '../auth/token-verifier.ts';
import type { CatalogPort } from '../catalog/catalog-port.ts';
import type { BookingsDeps } from '../deps.ts';
import { createNotifier } from '../mail/notifier.ts';
import { createRecipientLimit, MAIL_RECIPIENT_HOURLY_LIMIT_DEFAULT } from '../mail/recipient-limit.ts';
import { createDevProvider } from '../payments/dev-provider.ts';
import type { PaymentProvider, ProviderName } from '../payments/provider.ts';
import { createReconciler } from '../reconciler/reconciler.ts';
import type { PmRef, TalentPort } from '../talent/talent-port.ts';
import { createFakeLegal } from './fake-legal.ts';

/** A catalog stand-in that prices every item at 10,000 minor units per hour x qty plus 18 % tax, and counts calls. */
export function createFakeCatalog(clock: { now(): number }): CatalogPort & { calls: number } {
  const fake = {
    calls: 0,
    async quoteCart(cart: Cart, market: MarketCode): Promise<Quote> {
      fake.calls++;
      const lines = cart.items.map((item) => {
        if (item.serviceId === 'unknown') throw new DomainError('UNKNOWN_SERVICE', 'no such service');
        const hours = item.hours ?? 10;
        const qty = item.qty ?? 1;
        return {
          serviceId: 'a'.repeat(24),
          slug: item.serviceId,
          name: item.serviceId,
          hours,
          billedHours: hours,
          qty,
          unitAmount: 10_000,
          amount: Math.round(10_000 * hours) * qty,
          minimumApplied: false,
        };
      });
      const subtotal = lines.reduce((s, l) => s + l.amount, 0);
      const tax = Math.round((subtotal * 1800) / 10_000);
      return {
        market,
        currency: MARKETS[market].currency,
        lines,
        subtotal,
        tax: { name: 'GST', rateBasisPoints: 1800, amount: tax },
        total: subtotal + tax,
        validUntil: new Date(clock.now() + 30 * 60_000).toISOString(),
        validForSeconds: 1800,
      };
    },
  };
  return fake;
}

/** Auth's contact lookups stand-in: accounts by user id and by profile id; `down` makes every lookup fail as an unreachable auth would. */
export function createFakeContacts(known: { users?: Record<string, MailContact>; profiles?: Record<string, MailContact> } = {}) {
  const fake = {
    users: { ...known.users },
    profiles: { ...known.profiles },
    down: false,
    lookups: 0,
    async byUserId(userId: string): Promise<MailContact | undefined> {
      fake.lookups++;
      if (fake.down) throw new ContactsUnavailableError('auth is down (fake)');
      return fake.users[userId];
    },
    async byProfileId(profileId: string): Promise<MailContact | undefined> {
      fake.lookups++;
      if (fake.down) throw new ContactsUnavailableError('auth is down (fake)');
      return fake.profiles[profileId];
    },
  };
  return fake satisfies ContactsPort;
}

/**
 * Auth's guest-session hand-over stand-in: the refresh tokens of live guest sessions (a test
 * registers them, `end` and a sign-out remove them); `down` makes every call fail as an
 * unreachable auth would.
 */
export function createFakeGuestSessions() {
  const fake = {
    sessions: new Map<string, LiveGuestSession>(),
    ended: [] as string[],
    down: false,
    async live(refreshToken: string): Promise<LiveGuestSession | null> {
      if (fake.down) throw new DomainError('UPSTREAM_UNAVAILABLE', 'auth is down (fake)');
      return fake.sessions.get(refreshToken) ?? null;
    },
    async end(refreshToken: string): Promise<void> {
      if (fake.down) throw new DomainError('UPSTREAM_UNAVAILABLE', 'auth is down (fake)');
      if (fake.sessions.delete(refreshToken)) fake.ended.push(refreshToken);
    },
  };
  return fake satisfies GuestSessionsPort;
}

/** Talent stand-in: active PMs by id or slug. */
export function createFakeTalent(pms: PmRef[]): TalentPort {
  return { findActivePm: async (idOrSlug) => pms.find((p) => p.id === idOrSlug || p.slug === idOrSlug) };
}

export const PM_ANA: PmRef = { id: 'b'.repeat(24), slug: 'ana-pm', name: 'Ana PM' };
export const PM_BEN: PmRef = { id: 'c'.repeat(24), slug: 'ben-pm', name: 'Ben PM' };

/**
 * The bookings app on the embedded store, a manual clock, a fake catalog and talent, the dev
 * provider, a memory mailer, and an Ed25519 key pair to sign test tokens with.
 */
export async function createBookingsUnderTest(
  options: {
    providers?: Partial<Record<ProviderName, PaymentProvider>>;
    marketProviders?: Partial<Record<MarketCode, ProviderName>>;
    /** Real peers instead of the fakes (the gateway's agent tests use the real catalog and a test token issuer). */
    catalog?: CatalogPort;
    tokens?: BookingsDeps['tokens'];
    /**
     * Content's legal calls (the checkout gate). By default a fake in which everyone has accepted
     * the terms, so tests of other rules need not accept them; the gate's own tests pass a strict one.
     */
    legal?: BookingsDeps['legal'];
    /** The default verifier's copy of auth's revocation feed, built on the test's clock; by default always fresh, revoking what `revoked` holds. */
    revocations?: (clock: Clock) => SessionRevocations;
  } = {},
) {
  const clock = createManualClock(Date.now());
  const logger = createMemoryLogger('bookings');
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test', alg: 'EdDSA' };
  const keys: JWTVerifyGetKey = async () => publicKey;
  const mailer = createMemoryMailer();
  const catalog = createFakeCatalog(clock);
  const dev = createDevProvider({ publicBaseUrl: 'http://localhost:8080' });
  const guests = createFakeGuestSessions();
  const revoked = new Set<string>();
  const revocations = options.revocations?.(clock) ?? { isRevoked: (sid: string) => revoked.has(sid), isFresh: () => true };
  const contacts = createFakeContacts({ profiles: { [PM_ANA.id]: { email: 'ana@example.test', name: 'Ana' } } });
  const documents = createEmbeddedDocumentStore({ clock });
  const limit = createRecipientLimit({ documents, clock, perHour: MAIL_RECIPIENT_HOURLY_LIMIT_DEFAULT });
  const deps: BookingsDeps = {
    internalCallers: TEST_INTERNAL_CALLERS,
    documents,
    catalog: options.catalog ?? catalog,
    talent: createFakeTalent([PM_ANA, PM_BEN]),
    legal: options.legal ?? createFakeLegal({ everyoneAccepted: true }),
    tokens: options.tokens ?? createTokenVerifier({ keys, clock, revocations }),
    guests,
    providers: { dev, ...options.providers },
    marketProviders: { IN: 'dev', AE: 'dev', DE: 'dev', US: 'dev', AU: 'dev', ...options.marketProviders },
    notifier: createNotifier({ mailer, logger, contacts, limit }),
    // Retries at once (the manual clock does not move by itself); woken by each change, no polling.
    outbox: { backoffMs: [0], pollMs: 3_600_000 },
    clock,
    logger,
  };
  const parts = buildParts(deps);
  await parts.ensureIndexes();
  const app = createApp(deps, parts);
  const reconciler = createReconciler(parts.paymentDeps);
  parts.outbox.start();

  const sign = (claims: Record<string, unknown>, ttlS = 900) =>
    new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'test' })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(Math.floor(clock.now() / 1000))
      .setExpirationTime(Math.floor(clock.now() / 1000) + ttlS)
      .setJti(crypto.randomUUID())
      .sign(privateKey);
  let n = 0;
  /** An access token for a new (or named) user of `role`. */
  const tokenFor = async (role: Role, extra: { sub?: string; pid?: string } = {}) => {
    const sub = extra.sub ?? `${role}-${++n}`;
    return { sub, token: await sign({ sub, role, sid: `s-${sub}`, typ: 'access', ...(extra.pid ? { pid: extra.pid } : {}) }) };
  };

  /** A live guest session: an access token, and its refresh token (registered live with the auth stand-in). */
  const guestSession = async () => {
    const { sub, token } = await tokenFor('guest');
    const sid = `s-${sub}`;
    const refreshToken = await sign({ sub, role: 'guest', sid, typ: 'refresh' }, 30 * 24 * 3600);
    guests.sessions.set(refreshToken, { guestId: sub, sessionId: sid });
    return { sub, token, refreshToken };
  };

  const call = async (method: string, path: string, o: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {}) => {
    // A call to /internal/* carries the test caller's credential, as a service's client would (the 401s: tests/e2e/internal-credentials.e2e.test.ts).
    const headers: Record<string, string> = { ...(path.startsWith('/internal/') ? INTERNAL_CALL_HEADERS : {}), ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body: string | undefined;
    if (o.raw !== undefined) body = o.raw;
    else if (o.body !== undefined) body = JSON.stringify(o.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await app.handle(new Request(`http://localhost${path}`, { method, headers, body }));
    const text = await res.text();
    let json: any = {};
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = { raw: text };
    }
    return { status: res.status, body: json, headers: res.headers };
  };

  return { app, deps, parts, clock, logger, mailer, catalog, contacts, guests, revoked, dev, reconciler, sign, tokenFor, guestSession, call, jwk };
}

export type BookingsUnderTest = Awaited<ReturnType<typeof createBookingsUnderTest>>;

/** Polls `check` until it holds, or fails after `timeoutMs` (no sleeps in tests). */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}
