import { silentLogger } from '@tm/shared';
import type { DocumentStore } from '@tm/shared/store';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { INTERNAL_CALL_HEADERS, TEST_INTERNAL_CALLERS } from '@tm/shared/testing';
import { createApp } from './app.ts';

// What other workspaces' tests may build of messaging (`@tm/messaging/testing`); nothing here is for production code.
export { createApp } from './app.ts';

/** A messaging app over an empty embedded store, as main.ts builds it without MONGODB_URL, and a request helper. */
export function createMessagingUnderTest(documents: DocumentStore = createEmbeddedDocumentStore()) {
  const app = createApp({ documents, logger: silentLogger, internalCallers: TEST_INTERNAL_CALLERS });
  const call = async (method: string, path: string, body?: unknown) => {
    // A call to /internal/* carries the test caller's credential, as a service's client would (the 401s: tests/e2e/internal-credentials.e2e.test.ts).
    const headers: Record<string, string> = { ...(path.startsWith('/internal/') ? INTERNAL_CALL_HEADERS : {}) };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await app.handle(new Request(`http://localhost${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
    return { status: res.status, headers: res.headers, body: (await res.json().catch(() => null)) as any };
  };
  return { app, documents, call };
}
