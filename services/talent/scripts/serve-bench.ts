/** bench:scale's talent process: main.ts's wiring on the embedded store, loaded with BENCH_SCALE_N synthetic profiles. */
import { createLogger, systemClock } from '@tm/shared';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { batches } from '@tm/shared/testing';
import { createApp } from '../src/app.ts';
import { createTalentDirectory } from '../src/profiles/directory.ts';
import { createProfileRepository } from '../src/profiles/repository.ts';
import { syntheticProfile } from './bench-data.ts';

const logger = createLogger('talent');
const n = Number(process.env.BENCH_SCALE_N);
const t0 = performance.now();
const documents = createEmbeddedDocumentStore();
const repo = createProfileRepository(documents);
await repo.ensureIndexes();
for (const batch of batches(n, syntheticProfile)) await repo.insertMissing(batch);
const loadedMs = performance.now() - t0;
const directory = createTalentDirectory({ repo, clock: systemClock, maxAgeMs: 5_000, logger });
await directory.refresh();
directory.watch();
const app = createApp({ documents, logger, directory }).listen({ hostname: '127.0.0.1', port: Number(process.env.PORT) });
logger.info('listening', { port: app.server?.port, profiles: n, loadedMs: Math.round(loadedMs), readyMs: Math.round(performance.now() - t0) });
