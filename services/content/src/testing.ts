import type { Role } from '@tm/contracts';
import { createManualClock, silentLogger } from '@tm/shared';
import type { DocumentStore } from '@tm/shared/store';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { createTestCaller, createTestSigner, TEST_INTERNAL_CALLERS } from '@tm/shared/testing';
import { createCallerVerifier, type SessionRevocations } from '@tm/shared/tokens/callers';
import { createFixedRevocationView } from '@tm/shared/tokens/revocations';
import type { JWTVerifyGetKey } from '@tm/shared/tokens/verify';
import { buildParts, createApp } from './app.ts';
import { createCallerReader } from './auth/caller.ts';

// What other workspaces' tests may build of content (`@tm/content/testing`); nothing here is for production code.
export { buildParts, createApp } from './app.ts';
export { createCallerReader } from './auth/caller.ts';

/**
 * A seeded content app over an embedded store (as main.ts builds it without MONGODB_URL), a
 * manual clock, an Ed25519 key to sign test tokens with, auth's revocation feed (none revoked unless
 * `revocations` says), and a request helper.
 */
export async function createContentUnderTest(
  options: { documents?: DocumentStore; seed?: boolean; keys?: JWTVerifyGetKey; revocations?: SessionRevocations } = {},
) {
  const clock = createManualClock(Date.parse('2026-03-01T10:00:00.000Z'));
  const documents = options.documents ?? createEmbeddedDocumentStore({ clock });
  const signer = await createTestSigner();
  const deps = {
    internalCallers: TEST_INTERNAL_CALLERS,
    documents,
    logger: silentLogger,
    clock,
    readModelMaxAgeMs: 0,
    callers: createCallerReader(
      createCallerVerifier({ keys: options.keys ?? signer.keys, clock, revocations: options.revocations ?? createFixedRevocationView() }),
    ),
  };
  const parts = buildParts(deps);
  await parts.ensureIndexes();
  if (options.seed !== false) await parts.seed();
  const app = createApp(deps, parts);

  let n = 0;
  /** An access token for a new (or named) user of `role`. */
  const tokenFor = async (role: Role, sub = `${role}-${++n}`) => ({ sub, token: await signer.accessToken({ sub, role }, clock.now()) });

  return { app, deps, parts, documents, clock, tokenFor, call: createTestCaller(app) };
}

export type ContentUnderTest = Awaited<ReturnType<typeof createContentUnderTest>>;
