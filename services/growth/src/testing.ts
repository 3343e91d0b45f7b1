import type { Role } from '@tm/contracts';
import { createManualClock, createMemoryLogger } from '@tm/shared';
import { createMemoryMailer } from '@tm/shared/mail';
import type { DocumentStore, KeyValueStore } from '@tm/shared/store';
import { createEmbeddedDocumentStore, createEmbeddedKeyValueStore } from '@tm/shared/store/embedded';
import { createTestSigner, INTERNAL_CALL_HEADERS, TEST_INTERNAL_CALLERS } from '@tm/shared/testing';
import { createCallerVerifier, type SessionRevocations } from '@tm/shared/tokens/callers';
import { createFixedRevocationView } from '@tm/shared/tokens/revocations';
import type { PersonContacts } from './account/contacts.ts';
import { buildParts, createApp } from './app.ts';
import type { GrowthDeps } from './deps.ts';
import { createLeadNotifier } from './leads/notifier.ts';

// What other workspaces' tests may build of growth (`@tm/growth/testing`); nothing here is for production code.
export { createApp } from './app.ts';

/**
 * A growth app as main.ts builds it without MONGODB_URL or REDIS_URL, on a manual clock, with a
 * memory mailer, a token signer standing in for auth, auth's revocation feed (none revoked unless
 * `revocations` says), and auth's contact lookups from a map. `call` speaks JSON through app.handle.
 */
export async function createGrowthUnderTest(
  options: { documents?: DocumentStore; keyValue?: KeyValueStore; revocations?: SessionRevocations; overrides?: Partial<GrowthDeps> } = {},
) {
  const clock = createManualClock(Date.parse('2026-05-01T09:00:00.000Z'));
  const logger = createMemoryLogger('growth');
  const mailer = createMemoryMailer();
  const documents = options.documents ?? createEmbeddedDocumentStore({ clock });
  const signer = await createTestSigner();
  const people = new Map<string, { emails: string[]; mobile?: string }>();
  const contacts: PersonContacts = { of: async (userId) => people.get(userId) ?? { emails: [] } };
  const deps: GrowthDeps = {
    internalCallers: TEST_INTERNAL_CALLERS,
    documents,
    keyValue: options.keyValue ?? createEmbeddedKeyValueStore({ clock }),
    tokens: createCallerVerifier({ keys: signer.keys, clock, revocations: options.revocations ?? createFixedRevocationView() }),
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
    token: await signer.accessToken({ sub, role }, clock.now()),
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

  return { app, deps, parts, clock, logger, mailer, people, tokenFor, call };
}

export type GrowthUnderTest = Awaited<ReturnType<typeof createGrowthUnderTest>>;
