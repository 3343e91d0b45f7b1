/** bench:startup (scripts/bench-scale/startup.ts): talent's start-up over the driver at MONGODB_URL, phase by phase (runStartupPhases). */
import { readPlainBson } from '@tm/shared/store';
import { decodeStoredBson } from '@tm/shared/store/mongo';
import { runStartupPhases } from '@tm/shared/testing';
import { loadTalentConfig } from '../src/config.ts';
import { DirectorySnapshot } from '../src/profiles/directory-snapshot.ts';
import { ACTIVE_CARDS_READ, PROFILES_COLLECTION } from '../src/profiles/repository.ts';

const marker = { total: 0, active: 0, latest: null };
// main.ts's order key: a PM's Bayesian rating from the ratings book (reviews is not running here: none rated), asked the same way.
const ratings = new Map<string, { bayesian: number }>();
const bayesianOf = (id: string) => ratings.get(`pm:${id}`)?.bayesian ?? 0;
await runStartupPhases('talent', loadTalentConfig(process.env), PROFILES_COLLECTION, ACTIVE_CARDS_READ, {
  build: (batches) => DirectorySnapshot.build(marker, batches as never, undefined, bayesianOf),
  // As activeCards() decodes the raw read on MongoDB.
  decode: (bson) => readPlainBson(bson) ?? decodeStoredBson(bson),
  after: (built) => built.index('ndjson'),
});
