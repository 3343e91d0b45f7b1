import { createManualClock, createMemoryLogger } from '@tm/shared';
import { createLogMailer } from '@tm/shared/mail';
import type { KeyValueStore } from '@tm/shared/store';
import { createEmbeddedDocumentStore, createEmbeddedKeyValueStore } from '@tm/shared/store/embedded';
import { INTERNAL_CALL_HEADERS, TEST_INTERNAL_CALLERS } from '@tm/shared/testing';
import { createApp } from '../app.ts';
import type { AuthDeps } from '../deps.ts';
import { unconfiguredIdTokenVerifier } from '../idp/idp-verifier.ts';
import { MARKET_COUNTRY_CODES } from '../otp/otp-policy.ts';
import { createFixedTalentProfiles } from '../peers/fixed-talent-profiles.ts';
import { ensureIndexes } from '../setup.ts';
import { createLogSmsSender } from '../sms/sms-sender.ts';
import { createArgon2idHasher } from '../staff/passwords.ts';
import { generateSigningKey } from '../tokens/keys.ts';
import { unconfiguredWidgetVerifier } from '../widget/widget-verifier.ts';
import { buildWiring } from '../wiring.ts';

/** A manual clock started at the real time, shared by the stores and the service. */
export type TestClock = ReturnType<typeof createManualClock>;

/**
 * The auth app on embedded stores (or a given key-value store, e.g. real Redis), a manual
 * clock, a memory logger and cheap argon2id parameters; `overrides` swap in real peers.
 */
export async function createAuthUnderTest(overrides: Partial<AuthDeps> & { keyValue?: KeyValueStore } = {}) {
  const clock = (overrides.clock as TestClock | undefined) ?? createManualClock(Date.now());
  const logger = createMemoryLogger('auth');
  const deps: AuthDeps = {
    internalCallers: TEST_INTERNAL_CALLERS,
    documents: createEmbeddedDocumentStore({ clock }),
    keyValue: createEmbeddedKeyValueStore({ clock }),
    clock,
    logger,
    signingKey: await generateSigningKey(),
    otpSecret: 'test-otp-secret-test-otp-secret-0123456789',
    smsCountryCodes: MARKET_COUNTRY_CODES,
    sms: createLogSmsSender(logger),
    widget: unconfiguredWidgetVerifier,
    idp: unconfiguredIdTokenVerifier,
    mailer: createLogMailer(logger),
    talent: createFixedTalentProfiles([
      { id: 'pm-profile-1', slug: 'ada-pm', role: 'pm' },
      { id: 'pm-profile-2', slug: 'grace-pm', role: 'pm' },
      { id: 'resource-profile-1', slug: 'linus-dev', role: 'resource' },
    ]),
    accountPeers: [],
    accountErasureRetryMs: 30_000,
    passwords: createArgon2idHasher({ memoryCost: 1024, timeCost: 1 }),
    resetUrlBase: 'https://app.example.test/reset-password',
    emailConfirmUrlBase: 'https://app.example.test/confirm-email',
    trustProxy: 1,
    maxBodyBytes: 16 * 1024,
    ...overrides,
  };
  await ensureIndexes(deps);
  // The link mails' worker is not started: a mail goes in its request, or a test runs a pass (deliverDue).
  const wiring = buildWiring(deps);
  await wiring.linkMails.ensureIndexes();
  const app = createApp(deps, wiring);
  return { app, deps, wiring, clock, logger, call: caller(app) };
}

/** Response of one call: status, parsed JSON body and headers. */
export interface Answer {
  status: number;
  body: { success: boolean; data?: any; error?: { code: string; message: string } } & Record<string, any>;
  headers: Headers;
}

/** A small HTTP client over app.handle (a real-looking host: Elysia's router needs one). */
export function caller(app: { handle(req: Request): Promise<Response> }) {
  return async (method: string, path: string, options: { body?: unknown; raw?: string; headers?: Record<string, string> } = {}): Promise<Answer> => {
    // A call to /internal/* carries the test caller's credential, as a service's client would (the 401s: tests/e2e/internal-credentials.e2e.test.ts).
    const headers: Record<string, string> = { ...(path.startsWith('/internal/') ? INTERNAL_CALL_HEADERS : {}), ...options.headers };
    let body: string | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await app.handle(new Request(`http://localhost${path}`, { method, headers, body }));
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : {}, headers: res.headers };
  };
}
