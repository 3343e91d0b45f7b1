import { createManualClock, silentLogger } from '@tm/shared';
import type { DocumentStore } from '@tm/shared/store';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { INTERNAL_CALL_HEADERS, TEST_INTERNAL_CALLERS } from '@tm/shared/testing';
import { seedServices } from '../seed/seed.ts';
import { createApp } from './app.ts';
import { createServiceReadModel } from './domain/read-model.ts';
import { createServiceRepository } from './domain/repository.ts';
import type { RatingsPort } from './reviews/ratings.ts';
import { noTalent } from './talent/client.ts';
import type { PmPreview, TalentPort } from './talent/model.ts';

/**
 * A seeded catalog app on the embedded store, with a hand-moved clock and a stand-in talent port;
 * its read model is built first, as main.ts does, unless `lazy` (then the first request builds it).
 */
export async function createTestCatalog(
  options: { talent?: TalentPort; ratings?: RatingsPort; documents?: DocumentStore; wholeListBudgetBytes?: number; lazy?: boolean } = {},
) {
  const documents = options.documents ?? createEmbeddedDocumentStore();
  await seedServices(documents);
  const clock = createManualClock(Date.UTC(2026, 10, 22, 12, 0, 0));
  const talent = options.talent ?? noTalent;
  const readModel = options.lazy
    ? undefined
    : createServiceReadModel({
        repo: createServiceRepository(documents),
        clock,
        maxAgeMs: 5_000,
        logger: silentLogger,
        wholeListBudgetBytes: options.wholeListBudgetBytes,
      });
  await readModel?.refresh();
  const app = createApp({
    documents,
    talent,
    ratings: options.ratings,
    clock,
    logger: silentLogger,
    wholeListBudgetBytes: options.wholeListBudgetBytes,
    readModel,
    internalCallers: TEST_INTERNAL_CALLERS,
  });
  /** Sends a request to the app; `headers` as in fetch. */
  // A call to /internal/* carries the test caller's credential, as a service's client would (the 401s: tests/e2e/internal-credentials.e2e.test.ts).
  const call = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (path.startsWith('/internal/')) for (const [k, v] of Object.entries(INTERNAL_CALL_HEADERS)) headers.set(k, v);
    return app.handle(new Request(`http://localhost${path}`, { ...init, headers }));
  };
  const json = async (path: string, init: RequestInit = {}) => {
    const res = await call(path, init);
    return { res, body: (await res.json()) as any };
  };
  return { app, documents, clock, call, json };
}

/** A well-formed PM preview as the talent contract describes it. */
export function samplePreview(overrides: Partial<PmPreview> = {}): PmPreview {
  return {
    id: 'a1b2c3d4e5f6a1b2c3d4e5f6',
    slug: 'asha-menon',
    displayName: 'Asha Menon',
    headline: 'Delivery lead for web and mobile products',
    listedRating: 4.8,
    listedReviewCount: 37,
    availability: { status: 'available', hoursPerWeek: 30, nextAvailableDate: '2026-11-24' },
    profileUrl: '/pm/asha-menon',
    ...overrides,
  };
}
