/** bench:scale, production's shape: the read model's read of MONGODB_URL's catalog database, raw through the driver and decoded apart, timed. */
import { runSnapshotReadTiming } from '@tm/shared/testing';
import { loadCatalogConfig } from '../src/config.ts';
import { ACTIVE_SUMMARIES_READ, SERVICES_COLLECTION } from '../src/domain/repository.ts';

await runSnapshotReadTiming('catalog', loadCatalogConfig(process.env), SERVICES_COLLECTION, ACTIVE_SUMMARIES_READ);
