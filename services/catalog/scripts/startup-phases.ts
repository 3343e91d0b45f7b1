/** bench:startup (scripts/bench-scale/startup.ts): the catalog's start-up over the driver at MONGODB_URL, phase by phase (runStartupPhases). */
import { runStartupPhases } from '@tm/shared/testing';
import { loadCatalogConfig } from '../src/config.ts';
import { DEFAULT_WHOLE_LIST_BUDGET_MB } from '../src/domain/read-model.ts';
import { ACTIVE_SUMMARIES_READ, SERVICES_COLLECTION } from '../src/domain/repository.ts';
import { CatalogSnapshot } from '../src/domain/snapshot.ts';

const marker = { total: 0, active: 0, latest: null };
await runStartupPhases('catalog', loadCatalogConfig(process.env), SERVICES_COLLECTION, ACTIVE_SUMMARIES_READ, {
  build: (batches) => CatalogSnapshot.build(marker, batches as never, DEFAULT_WHOLE_LIST_BUDGET_MB * 2 ** 20),
  bson: true,
  after: (built) => built.serviceIndexLines(),
});
