/** bench:scale's catalog loader for the production shape: BENCH_SCALE_N synthetic services into MONGODB_URL's catalog database, through the driver, then the read model's read once (the stand-in keeps it, as a server's cache would). */
import { runBenchLoad } from '@tm/shared/testing';
import { loadCatalogConfig } from '../src/config.ts';
import { createServiceRepository } from '../src/domain/repository.ts';
import { loadSyntheticServices } from './bench-data.ts';

await runBenchLoad('catalog', loadCatalogConfig(process.env), loadSyntheticServices, async (documents) => {
  for await (const _ of createServiceRepository(documents).activeSummaries());
});
