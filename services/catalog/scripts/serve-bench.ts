/**
 * bench:scale's catalog process with BENCH_SCALE_STORE=embedded: main.ts's wiring on the
 * in-process embedded store, loaded with BENCH_SCALE_N synthetic services (bulk writes in batches)
 * instead of the seed. As main.ts, it listens first (/readyz 503 meanwhile), then loads and builds
 * its read model; it logs the load's time once ready. (The BENCH_SCALE_STORE=mongodb run starts
 * main.ts itself on a database load-bench.ts filled.) serve-bench-tail.ts imports it for the same
 * process plus a rebuild on a signal.
 */
import { createLogger, systemClock } from '@tm/shared';
import { serviceCredentialsFrom } from '@tm/shared/http';
import { SERVING_KEEPER } from '@tm/shared/search';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { createApp } from '../src/app.ts';
import { loadCatalogConfig, readModelSettings } from '../src/config.ts';
import { createServiceReadModel } from '../src/domain/read-model.ts';
import { createServiceRepository } from '../src/domain/repository.ts';
import { createTalentClient } from '../src/talent/client.ts';
import { loadSyntheticServices } from './bench-data.ts';

export const logger = createLogger('catalog', { level: process.env.LOG_LEVEL });
const config = loadCatalogConfig(process.env);
// As main.ts: the gateway's and search's index reads carry a service credential (the bench's).
const credentials = serviceCredentialsFrom(config);
const n = Number(process.env.BENCH_SCALE_N);
export const documents = createEmbeddedDocumentStore();
const repo = createServiceRepository(documents);
export const readModel = createServiceReadModel({
  repo,
  clock: systemClock,
  logger,
  ...readModelSettings(config),
  ...SERVING_KEEPER,
});
const app = createApp({
  documents,
  readModel,
  talent: createTalentClient({ baseUrl: process.env.TALENT_URL as string, timeoutMs: 800, logger, credential: credentials.credential }),
  clock: systemClock,
  logger,
  internalCallers: credentials.internalCallers,
}).listen({ hostname: '127.0.0.1', port: Number(process.env.PORT) });
logger.info('listening', { port: app.server?.port });
const t0 = performance.now();
await loadSyntheticServices(documents, n);
// The load's garbage (the generated documents, their encodings) goes before the build starts, as
// in a process that starts on data already stored: the build then reuses that memory instead of
// growing the heap past it (docs/scale.md, issue 26).
Bun.gc(true);
const loadedMs = performance.now() - t0;
await readModel.refresh();
readModel.watch();
logger.info('loaded', { services: n, loadedMs: Math.round(loadedMs), readyMs: Math.round(performance.now() - t0) });
