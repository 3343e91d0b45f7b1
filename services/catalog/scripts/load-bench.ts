/** bench:scale's catalog loader for the production shape: BENCH_SCALE_N synthetic services into MONGODB_URL's catalog database, through the driver. */
import { runBenchLoad } from '@tm/shared/testing';
import { loadCatalogConfig } from '../src/config.ts';
import { loadSyntheticServices } from './bench-data.ts';

await runBenchLoad('catalog', loadCatalogConfig(process.env), loadSyntheticServices);
