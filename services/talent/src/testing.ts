import { silentLogger, systemClock } from '@tm/shared';
import type { RatingsBook } from '@tm/shared/client/ratings';
import type { DocumentStore } from '@tm/shared/store';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { INTERNAL_CALL_HEADERS, TEST_INTERNAL_CALLERS } from '@tm/shared/testing';
import { createApp } from './app.ts';
import { createTalentDirectory } from './profiles/directory.ts';
import type { RatingsPort } from './profiles/ratings.ts';
import { createProfileRepository } from './profiles/repository.ts';
import { prepareProfileStore } from './profiles/seed.ts';

// What other workspaces' tests may build of talent (`@tm/talent/testing`); nothing here is for production code.
export { createApp } from './app.ts';
export { PROFILES_COLLECTION } from './profiles/repository.ts';

/** The catalog's service slugs as the lead fixed them (cross-service contract). */
export const CATALOG_SERVICE_SLUGS = [
  'react-developer',
  'angular-developer',
  'vue-developer',
  'nextjs-developer',
  'node-backend-developer',
  'python-django-developer',
  'java-spring-developer',
  'golang-developer',
  'ios-developer',
  'android-developer',
  'flutter-developer',
  'react-native-developer',
  'data-engineer',
  'data-scientist',
  'ml-engineer',
  'devops-engineer',
  'site-reliability-engineer',
  'cloud-architect',
  'ui-ux-designer',
  'qa-automation-engineer',
  'security-engineer',
  'mvp-build',
  'cloud-migration',
  'ecommerce-store-build',
  'mobile-app-build',
  'data-warehouse-setup',
  'ai-chatbot-integration',
  'ci-cd-pipeline-setup',
  'security-audit',
  'performance-optimization',
  'website-redesign',
  'api-integration',
  'kubernetes-setup',
] as const;

/** A talent app over a freshly seeded embedded store, its directory built, as main.ts starts it without MONGODB_URL. */
export async function createSeededApp(
  documents: DocumentStore = createEmbeddedDocumentStore(),
  options: { ratings?: RatingsPort; ratingsBook?: RatingsBook; ratingsWaitMs?: number } = {},
) {
  const repo = createProfileRepository(documents);
  await prepareProfileStore(repo, { seed: true });
  const directory = createTalentDirectory({
    repo,
    clock: systemClock,
    maxAgeMs: 5_000,
    logger: silentLogger,
    ratings: options.ratingsBook,
    ...(options.ratingsWaitMs !== undefined ? { ratingsWaitMs: options.ratingsWaitMs } : {}),
  });
  await directory.refresh();
  const app = createApp({ documents, logger: silentLogger, directory, internalCallers: TEST_INTERNAL_CALLERS, ratings: options.ratings });
  // A call to /internal/* carries the test caller's credential, as a service's client would (the 401s: tests/e2e/internal-credentials.e2e.test.ts).
  const get = (path: string, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    if (path.startsWith('/internal/')) for (const [k, v] of Object.entries(INTERNAL_CALL_HEADERS)) headers.set(k, v);
    return app.handle(new Request(`http://localhost${path}`, { ...init, headers }));
  };
  return { app, documents, directory, get };
}
