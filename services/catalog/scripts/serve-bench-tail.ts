/**
 * bench:tail's catalog (scripts/bench-scale/tail.ts): serve-bench.ts (main.ts's wiring on the
 * embedded store, loaded with BENCH_SCALE_N synthetic services, then built) and one thing more: SIGUSR2
 * moves one service's `updatedAt` and rebuilds the snapshot at once (`rebuilt` in the log), so the
 * bench can read the RSS after a rebuild as well as after the steady phase.
 */
import { createLogger, systemClock } from '@tm/shared';
import { serviceCredentialsFrom } from '@tm/shared/http';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { createApp } from '../src/app.ts';
import { loadCatalogConfig, readModelSettings } from '../src/config.ts';
import { createServiceReadModel } from '../src/domain/read-model.ts';
import { createServiceRepository } from '../src/domain/repository.ts';
import { createTalentClient } from '../src/talent/client.ts';
import { loadSyntheticServices } from './bench-data.ts';

const logger = createLogger('catalog', { level: process.env.LOG_LEVEL });
const config = loadCatalogConfig(process.env);
const credentials = serviceCredentialsFrom(config);
const n = Number(process.env.BENCH_SCALE_N);
const documents = createEmbeddedDocumentStore();
const repo = createServiceRepository(documents);
const readModel = createServiceReadModel({
  repo,
  clock: systemClock,
  logger,
  ...readModelSettings(config),
  lazy: false,
  collectAfterFirstBuild: true,
  collectAroundRebuilds: true,
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
Bun.gc(true);
const loadedMs = performance.now() - t0;
await readModel.refresh();
readModel.watch();
logger.info('loaded', { services: n, loadedMs: Math.round(loadedMs), readyMs: Math.round(performance.now() - t0) });

process.on('SIGUSR2', async () => {
  const services = documents.collection<{ _id: string; updatedAt?: string }>('services');
  const one = await services.findOne({ active: true });
  await services.updateOne({ _id: one?._id as string }, { $set: { updatedAt: new Date().toISOString() } });
  const started = performance.now();
  await readModel.refresh();
  logger.info('rebuilt', { ms: Math.round(performance.now() - started), heap: Math.round(process.memoryUsage().heapUsed / 2 ** 20) });
});
