import { COUNTRY_CALLING_CODE_PATTERN, isE164 } from '@tm/contracts';
import { allowsEmbeddedInProduction, ConfigError, type Env, isProduction, loadConfig, productionProblems, read } from '@tm/shared';
import { SERVICE_CREDENTIAL_SETTINGS, serviceCredentialProblems } from '@tm/shared/http';
import { OUTBOX_SETTINGS, outboxProblems } from '@tm/shared/outbox';
import { REDIS_SETTINGS } from '@tm/shared/store';
import { MONGO_SETTINGS } from '@tm/shared/store/mongo';
import { TELEMETRY_SETTINGS } from '@tm/shared/telemetry';
import { MARKET_COUNTRY_CODES } from './otp/otp-policy.ts';
import { checkPasswordPolicy } from './staff/passwords.ts';

const COUNTRY_CALLING_CODE = new RegExp(COUNTRY_CALLING_CODE_PATTERN);

/**
 * Every variable auth reads, parsed once at start. Auth sits behind the gateway, which sends one
 * trusted X-Forwarded-For entry (the client IP), so TRUST_PROXY defaults to 1 here, unlike the
 * gateway's 0: without it every caller would share the gateway's socket address.
 */
export function loadAuthConfig(env: Env) {
  const config = loadConfig(env, {
    HOST: read.string('127.0.0.1'),
    PORT: read.port(8081),
    /** true only where several processes are meant to share the port (SO_REUSEPORT); off by default. */
    REUSE_PORT: read.bool(false),
    ...MONGO_SETTINGS,
    ...REDIS_SETTINGS,
    ...TELEMETRY_SETTINGS,
    ...SERVICE_CREDENTIAL_SETTINGS,
    REDIS_PREFIX: read.string('auth:'),
    TRUST_PROXY: read.int(1, { min: 0, max: 10 }),
    JWT_PRIVATE_KEY: read.optionalString(),
    JWT_PREVIOUS_PUBLIC_KEYS: read.optionalString(),
    OTP_HMAC_SECRET: (raw: string | undefined) => {
      if (raw !== undefined && raw.length < 32) throw new Error('must be at least 32 characters');
      return raw;
    },
    SMS_WEBHOOK_URL: read.optionalUrl(['http:', 'https:']),
    SMS_COUNTRY_CODES: (raw: string | undefined) => {
      const codes = read.list(MARKET_COUNTRY_CODES)(raw);
      const bad = codes.filter((c) => !COUNTRY_CALLING_CODE.test(c));
      if (bad.length > 0 || codes.length === 0) throw new Error(`must be a comma-separated list of country codes like +49, got "${raw}"`);
      return codes;
    },
    WIDGET_VERIFY_URL: read.optionalUrl(['http:', 'https:']),
    WIDGET_AUTH_KEY: read.optionalString(),
    IDP_JWKS_URL: read.optionalUrl(['http:', 'https:']),
    IDP_ISSUER: read.list(),
    IDP_AUDIENCE: read.optionalString(),
    SMTP_URL: read.optionalUrl(['smtp:', 'smtps:']),
    MAIL_FROM: read.string('Talent Marketplace <no-reply@localhost>'),
    RESET_URL_BASE: read.url(['http:', 'https:'], 'http://localhost:3000/reset-password'),
    EMAIL_CONFIRM_URL_BASE: read.url(['http:', 'https:'], 'http://localhost:3000/confirm-email'),
    PROVIDER_TIMEOUT_MS: read.int(5000, { min: 100, max: 60_000 }),
    TALENT_URL: read.url(['http:', 'https:'], 'http://127.0.0.1:8083'),
    BOOKINGS_URL: read.url(['http:', 'https:'], 'http://127.0.0.1:8084'),
    // The other services holding personal data, asked after bookings on export and deletion.
    MESSAGING_URL: read.url(['http:', 'https:'], 'http://127.0.0.1:8085'),
    CONTENT_URL: read.url(['http:', 'https:'], 'http://127.0.0.1:8086'),
    REVIEWS_URL: read.url(['http:', 'https:'], 'http://127.0.0.1:8087'),
    GROWTH_URL: read.url(['http:', 'https:'], 'http://127.0.0.1:8089'),
    PEER_TIMEOUT_MS: read.int(3000, { min: 100, max: 60_000 }),
    ACCOUNT_ERASURE_RETRY_MS: read.int(30_000, { min: 1000, max: 3_600_000 }),
    BOOTSTRAP_ADMIN_EMAIL: read.optionalString(),
    BOOTSTRAP_ADMIN_PASSWORD: read.optionalString(),
    BOOTSTRAP_ADMIN_MOBILE: read.optionalString(),
    MAX_BODY_BYTES: read.int(16 * 1024, { min: 1024, max: 1024 * 1024 }),
    /** The link mails' outbox (docs/auth.md "Link mails"). */
    ...OUTBOX_SETTINGS,
  });
  const problems = [
    ...crossChecks(config),
    ...productionProblems(env, {
      JWT_PRIVATE_KEY: !config.JWT_PRIVATE_KEY,
      OTP_HMAC_SECRET: !config.OTP_HMAC_SECRET,
      MONGODB_URL: !config.MONGODB_URL,
      REDIS_URL: !config.REDIS_URL,
      SMS_WEBHOOK_URL: !config.SMS_WEBHOOK_URL,
      SMTP_URL: !config.SMTP_URL,
      RESET_URL_BASE: !env.RESET_URL_BASE,
      EMAIL_CONFIRM_URL_BASE: !env.EMAIL_CONFIRM_URL_BASE,
    }),
  ];
  for (const name of ['RESET_URL_BASE', 'EMAIL_CONFIRM_URL_BASE'] as const) {
    if (isProduction(env) && env[name] && config[name].startsWith('http:') && !allowsEmbeddedInProduction(env)) {
      problems.push(`${name}: must use https when NODE_ENV=production`);
    }
  }
  problems.push(...serviceCredentialProblems(env, config, { calls: true, serves: true }));
  problems.push(...outboxProblems(env, config));
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** The parsed configuration main.ts builds the service from. */
export type AuthConfig = ReturnType<typeof loadAuthConfig>;

/** Variables that are only valid together. */
function crossChecks(c: {
  WIDGET_VERIFY_URL?: string;
  WIDGET_AUTH_KEY?: string;
  IDP_JWKS_URL?: string;
  IDP_ISSUER: readonly string[];
  IDP_AUDIENCE?: string;
  BOOTSTRAP_ADMIN_EMAIL?: string;
  BOOTSTRAP_ADMIN_PASSWORD?: string;
  BOOTSTRAP_ADMIN_MOBILE?: string;
}): string[] {
  const out: string[] = [];
  if (c.WIDGET_VERIFY_URL && !c.WIDGET_AUTH_KEY) out.push('WIDGET_AUTH_KEY: is required when WIDGET_VERIFY_URL is set');
  if (c.IDP_JWKS_URL && (c.IDP_ISSUER.length === 0 || !c.IDP_AUDIENCE)) {
    out.push('IDP_ISSUER, IDP_AUDIENCE: are required when IDP_JWKS_URL is set');
  }
  if (!!c.BOOTSTRAP_ADMIN_EMAIL !== !!c.BOOTSTRAP_ADMIN_PASSWORD) {
    out.push('BOOTSTRAP_ADMIN_EMAIL, BOOTSTRAP_ADMIN_PASSWORD: set both or neither');
  }
  if (c.BOOTSTRAP_ADMIN_EMAIL && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(c.BOOTSTRAP_ADMIN_EMAIL)) out.push('BOOTSTRAP_ADMIN_EMAIL: must be an email address');
  const pw = c.BOOTSTRAP_ADMIN_PASSWORD;
  if (pw) {
    // The same policy as a reset or a change, so the first admin cannot start with a password no later change would allow.
    try {
      checkPasswordPolicy(pw);
    } catch (err) {
      out.push(`BOOTSTRAP_ADMIN_PASSWORD: ${(err as Error).message}`);
    }
  }
  if (c.BOOTSTRAP_ADMIN_MOBILE && !isE164(c.BOOTSTRAP_ADMIN_MOBILE)) out.push('BOOTSTRAP_ADMIN_MOBILE: must be an E.164 number');
  return out;
}
