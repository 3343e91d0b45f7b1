import type { Role } from '@tm/contracts';
import { createManualClock, createMemoryLogger } from '@tm/shared';
import { createMemoryMailer } from '@tm/shared/mail';
import type { DocumentStore, KeyValueStore } from '@tm/shared/store';
import { createEmbeddedDocumentStore, createEmbeddedKeyValueStore } from '@tm/shared/store/embedded';
import { INTERNAL_CALL_HEADERS, TEST_INTERNAL_CALLERS } from '@tm/shared/testing';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@tm/shared/tokens';
import { generateKeyPair, type JWTVerifyGetKey, SignJWT } from 'jose';
import type { PersonContacts } from './account/contacts.ts';
import { buildParts, createApp } from './app.ts';
import { createTokenVerifier } from './auth/tokens.ts';
import type { GrowthDeps } from './deps.ts';
import { createLeadNotifier } from './leads/notifier.ts';

// What other workspaces' tests may build of growth (`@tm/growth/testing`); nothing here is for production code.
export { createApp } from './app.ts';

/**
 * A growth app as main.ts builds it without MONGODB_URL or REDIS_URL, on a manual clock, with a
 * memory mailer, a token signer standing in for auth (`keys` resolves its public key), and auth's
 * contact lookups from a map. `call` speaks JSON through app.handle.
 */
export async function createGrowthUnderTest(options: { documents?: DocumentStore; keyValue?: KeyValueStore; overrides?: Partial<GrowthDeps> } = {}) {
  const clock = createManualClock(Date.parse('2026-05-01T09:00:00.000Z'));
  const logger = createMemoryLogger('growth');
  const mailer = createMemoryMailer();
  const documents = options.documents ?? createEmbeddedDocumentStore({ clock });
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const keys: JWTVerifyGetKey = async () => publicKey;
  const people = new Map<string, { emails: string[]; mobile?: string }>();
  const contacts: PersonContacts = { of: async (userId) => people.get(userId) ?? { emails: [] } };
  const deps: GrowthDeps = {
    internalCallers: TEST_INTERNAL_CALLERS,
    documents,
    keyValue: options.keyValue ?? createEmbeddedKeyValueStore({ clock }),
    tokens: createTokenVerifier({ keys, clock }),
    notifier: createLeadNotifier({ mailer, logger, salesEmail: 'sales@example.test', documents, clock, backoffMs: [0] }),
    contacts,
    clock,
    logger,
    trustProxy: 1,
    flagsRefreshMs: 5000,
    leadLimit: { max: 5, windowMs: 600_000 },
    ...options.overrides,
  };
  const parts = buildParts(deps);
  await parts.ensureIndexes();
  const app = createApp(deps, parts);

  let n = 0;
  /** An access token for a new (or named) user of `role`. */
  const tokenFor = async (role: Role, sub = `${role}-${++n}`) => ({
    sub,
    token: await new SignJWT({ sub, role, sid: `s-${sub}`, typ: 'access' })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'test' })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(Math.floor(clock.now() / 1000))
      .setExpirationTime(Math.floor(clock.now() / 1000) + 900)
      .setJti(crypto.randomUUID())
      .sign(privateKey),
  });

  const call = async (method: string, path: string, o: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...(path.startsWith('/internal/') ? INTERNAL_CALL_HEADERS : {}), ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const body = o.raw ?? (o.body === undefined ? undefined : JSON.stringify(o.body));
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

  return { app, deps, parts, clock, logger, mailer, people, tokenFor, call, keys };
}

export type GrowthUnderTest = Awaited<ReturnType<typeof createGrowthUnderTest>>;
