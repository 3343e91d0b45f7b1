/**
 * bench:scale's reviews process: the app on the in-process embedded store, loaded with
 * BENCH_SCALE_N synthetic published reviews (bench-data.ts) before it listens, so its /readyz 200
 * means the data is in. It serves the public reads the bench times through the gateway
 * (GET /api/reviews/summary); it logs the load's time once listening.
 */
import { createLogger } from '@tm/shared';
import { serviceCredentialsFrom } from '@tm/shared/http';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { buildParts, createApp } from '../src/app.ts';
import { loadReviewsConfig } from '../src/config.ts';
import { benchDeps, loadSyntheticReviews } from './bench-data.ts';

const logger = createLogger('reviews', { level: process.env.LOG_LEVEL });
// As main.ts: the gateway's read of the ratings index carries a service credential (the bench's).
const credentials = serviceCredentialsFrom(loadReviewsConfig(process.env));
const n = Number(process.env.BENCH_SCALE_N);
const deps = { ...benchDeps(createEmbeddedDocumentStore(), logger), internalCallers: credentials.internalCallers };
const parts = buildParts(deps);
await parts.ensureIndexes();
const t0 = performance.now();
await loadSyntheticReviews(deps.documents, n);
const loadedMs = Math.round(performance.now() - t0);
const app = createApp(deps, parts).listen({ hostname: '127.0.0.1', port: Number(process.env.PORT) });
logger.info('loaded', { reviews: n, loadedMs, port: app.server?.port });
