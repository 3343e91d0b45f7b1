import { MARKET_CODES, type MarketCode } from '@tm/contracts';
import { ConfigError, type Env, isProduction, loadConfig, productionProblems, type Reader, read } from '@tm/shared';
import { SERVICE_CREDENTIAL_SETTINGS, serviceCredentialProblems } from '@tm/shared/http';
import { OUTBOX_SETTINGS, outboxProblems } from '@tm/shared/outbox';
import { MONGO_SETTINGS } from '@tm/shared/store/mongo';
import { TELEMETRY_SETTINGS } from '@tm/shared/telemetry';
import { REVOCATION_SETTINGS, revocationProblems } from '@tm/shared/tokens/revocations';
import { MAIL_RECIPIENT_HOURLY_LIMIT_DEFAULT } from './mail/recipient-limit.ts';
import type { ProviderName } from './payments/provider.ts';

const HTTP = ['http:', 'https:'] as const;
const PROVIDERS: readonly ProviderName[] = ['stripe', 'razorpay', 'dev'];

/** `PAYMENT_PROVIDERS`: `IN=razorpay,DE=stripe`; markets not named use the default rule. */
function providerMap(raw: string | undefined): Readonly<Partial<Record<MarketCode, ProviderName>>> {
  const out: Partial<Record<MarketCode, ProviderName>> = {};
  for (const entry of read.list([])(raw)) {
    const [market, provider, ...rest] = entry.split('=').map((s) => s.trim());
    if (rest.length > 0 || !market || !provider) throw new Error(`entries must read MARKET=provider, got "${entry}"`);
    const code = market.toUpperCase();
    if (!isMarket(code)) throw new Error(`unknown market "${market}" (one of ${MARKET_CODES.join(', ')})`);
    if (!(PROVIDERS as readonly string[]).includes(provider)) throw new Error(`unknown provider "${provider}" (one of ${PROVIDERS.join(', ')})`);
    out[code] = provider as ProviderName;
  }
  return Object.freeze(out);
}

/**
 * A payment provider's API base (`STRIPE_API_URL`, `RAZORPAY_API_URL`): a bare http(s) origin.
 * The adapters send their own paths, so a path, query, fragment or credentials in the variable
 * would be dropped or misread; refused here (exit 78) instead of failing at the first payment.
 */
function providerOrigin(fallback: string): Reader<string> {
  const asUrl = read.url(HTTP, fallback);
  return (raw) => {
    const value = asUrl(raw);
    const url = new URL(value);
    // The value itself is not repeated: it may hold credentials.
    const extra =
      url.username || url.password
        ? 'credentials'
        : url.pathname !== '/' && url.pathname !== ''
          ? 'a path'
          : url.search
            ? 'a query'
            : url.hash
              ? 'a fragment'
              : undefined;
    if (extra) throw new Error(`must be a bare origin such as https://api.example.com, without path, query or credentials; it has ${extra}`);
    return url.origin;
  };
}

function isMarket(code: string): code is MarketCode {
  return (MARKET_CODES as readonly string[]).includes(code);
}

/** Bookings' configuration, read once at start; every bad variable is reported together. */
export function loadBookingsConfig(env: Env) {
  const config = loadConfig(env, {
    HOST: read.string('127.0.0.1'),
    PORT: read.port(8084),
    /** true only where several processes are meant to share the port (SO_REUSEPORT); off by default. */
    REUSE_PORT: read.bool(false),
    ...MONGO_SETTINGS,
    ...TELEMETRY_SETTINGS,
    ...SERVICE_CREDENTIAL_SETTINGS,
    CATALOG_URL: read.url(HTTP, 'http://127.0.0.1:8082'),
    TALENT_URL: read.url(HTTP, 'http://127.0.0.1:8083'),
    AUTH_URL: read.url(HTTP, 'http://127.0.0.1:8081'),
    /** Content: the terms in effect and the acceptances (the checkout gate). */
    CONTENT_URL: read.url(HTTP, 'http://127.0.0.1:8086'),
    /** How long the version of the terms in effect is cached per market (the design allows at most 60 s). */
    LEGAL_CACHE_MS: read.int(60_000, { min: 0, max: 60_000 }),
    AUTH_JWKS_URL: read.optionalUrl(HTTP),
    UPSTREAM_TIMEOUT_MS: read.int(3000, { min: 1, max: 60_000 }),
    PUBLIC_BASE_URL: read.url(HTTP, 'http://localhost:8080'),
    SMTP_URL: read.optionalUrl(['smtp:', 'smtps:']),
    MAIL_FROM: read.string('Talent Marketplace <no-reply@localhost>'),
    /** Mails one address may get per clock hour, across replicas (mail/recipient-limit.ts). */
    MAIL_RECIPIENT_HOURLY_LIMIT: read.int(MAIL_RECIPIENT_HOURLY_LIMIT_DEFAULT, { min: 1, max: 1000 }),
    PAYMENT_PROVIDERS: providerMap,
    STRIPE_SECRET_KEY: read.optionalString(),
    STRIPE_WEBHOOK_SECRET: read.optionalString(),
    STRIPE_API_URL: providerOrigin('https://api.stripe.com'),
    RAZORPAY_KEY_ID: read.optionalString(),
    RAZORPAY_KEY_SECRET: read.optionalString(),
    RAZORPAY_WEBHOOK_SECRET: read.optionalString(),
    RAZORPAY_API_URL: providerOrigin('https://api.razorpay.com'),
    RECONCILE_INTERVAL_MS: read.int(60_000, { min: 100, max: 3_600_000 }),
    ...OUTBOX_SETTINGS,
    MAX_BODY_BYTES: read.int(65_536, { min: 1024, max: 10 * 1024 * 1024 }),
    /** Auth's revoked sessions, read as the gateway reads them (the same settings and staleness rule). */
    ...REVOCATION_SETTINGS,
  });
  const problems = [...productionProblems(env, { MONGODB_URL: config.MONGODB_URL === undefined }), ...revocationProblems(config)];
  const stripe = config.STRIPE_SECRET_KEY !== undefined && config.STRIPE_WEBHOOK_SECRET !== undefined;
  const razorpay = config.RAZORPAY_KEY_ID !== undefined && config.RAZORPAY_KEY_SECRET !== undefined && config.RAZORPAY_WEBHOOK_SECRET !== undefined;
  if (config.STRIPE_SECRET_KEY !== undefined && config.STRIPE_WEBHOOK_SECRET === undefined)
    problems.push('STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY');
  if ((config.RAZORPAY_KEY_ID !== undefined || config.RAZORPAY_KEY_SECRET !== undefined) && !razorpay)
    problems.push('RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET: set all three or none');
  problems.push(...outboxProblems(env, config));
  const providers = resolveMarketProviders(config.PAYMENT_PROVIDERS, { stripe, razorpay });
  for (const [market, provider] of Object.entries(providers)) {
    if (provider === 'stripe' && !stripe) problems.push(`PAYMENT_PROVIDERS: ${market} uses stripe, which needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET`);
    if (provider === 'razorpay' && !razorpay) problems.push(`PAYMENT_PROVIDERS: ${market} uses razorpay, which needs the RAZORPAY_* keys`);
    // The dev provider marks payments paid on request: never with real money.
    if (provider === 'dev' && isProduction(env)) problems.push(`PAYMENT_PROVIDERS: ${market} would use the dev provider, which NODE_ENV=production refuses`);
  }
  problems.push(...serviceCredentialProblems(env, config, { calls: true, serves: true }));
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze({ ...config, marketProviders: providers, jwksUrl: config.AUTH_JWKS_URL ?? `${config.AUTH_URL}/.well-known/jwks.json` });
}

/**
 * The provider per market: named in PAYMENT_PROVIDERS, else IN razorpay and the others stripe
 * when their keys are set, else dev.
 */
export function resolveMarketProviders(
  named: Readonly<Partial<Record<MarketCode, ProviderName>>>,
  keys: { stripe: boolean; razorpay: boolean },
): Readonly<Record<MarketCode, ProviderName>> {
  const out = {} as Record<MarketCode, ProviderName>;
  for (const market of MARKET_CODES) {
    const fallback: ProviderName = market === 'IN' ? (keys.razorpay ? 'razorpay' : 'dev') : keys.stripe ? 'stripe' : 'dev';
    out[market] = named[market] ?? fallback;
  }
  return Object.freeze(out);
}

export type BookingsConfig = ReturnType<typeof loadBookingsConfig>;
