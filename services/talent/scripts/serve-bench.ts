/**
 * bench:scale's talent process with BENCH_SCALE_STORE=embedded: main.ts's wiring on the
 * in-process embedded store, loaded with BENCH_SCALE_N synthetic profiles. As main.ts, it listens
 * first (/readyz 503 meanwhile), then loads and builds its directory; it logs the load's time once ready.
 */
import { createLogger, systemClock } from '@tm/shared';
import { serviceCredentialsFrom } from '@tm/shared/http';
import { SERVING_KEEPER } from '@tm/shared/search';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { createApp } from '../src/app.ts';
import { loadTalentConfig } from '../src/config.ts';
import { createTalentDirectory } from '../src/profiles/directory.ts';
import { createProfileRepository } from '../src/profiles/repository.ts';
import { loadSyntheticProfiles } from './bench-data.ts';

const logger = createLogger('talent', { level: process.env.LOG_LEVEL });
// As main.ts: catalog's, the gateway's and search's /internal reads carry a service credential (the bench's).
const credentials = serviceCredentialsFrom(loadTalentConfig(process.env));
const n = Number(process.env.BENCH_SCALE_N);
const documents = createEmbeddedDocumentStore();
const repo = createProfileRepository(documents);
const directory = createTalentDirectory({
  repo,
  clock: systemClock,
  maxAgeMs: 5_000,
  logger,
  ...SERVING_KEEPER,
});
const app = createApp({ documents, logger, directory, internalCallers: credentials.internalCallers }).listen({
  hostname: '127.0.0.1',
  port: Number(process.env.PORT),
});
logger.info('listening', { port: app.server?.port });
const t0 = performance.now();
await loadSyntheticProfiles(documents, n);
// The load's garbage (the generated documents, their encodings) goes before the build starts, as
// in a process that starts on data already stored: the build then reuses that memory instead of
// growing the heap past it (docs/scale.md, issue 26).
Bun.gc(true);
const loadedMs = performance.now() - t0;
await directory.refresh();
directory.watch();
logger.info('loaded', { profiles: n, loadedMs: Math.round(loadedMs), readyMs: Math.round(performance.now() - t0) });
