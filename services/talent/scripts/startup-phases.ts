/** bench:startup (scripts/bench-scale/startup.ts): talent's start-up over the driver at MONGODB_URL, phase by phase (runStartupPhases). */
import { runStartupPhases } from '@tm/shared/testing';
import { loadTalentConfig } from '../src/config.ts';
import { DirectorySnapshot } from '../src/profiles/directory-snapshot.ts';
import { ACTIVE_CARDS_READ, PROFILES_COLLECTION } from '../src/profiles/repository.ts';

const marker = { total: 0, active: 0, latest: null };
await runStartupPhases('talent', loadTalentConfig(process.env), PROFILES_COLLECTION, ACTIVE_CARDS_READ, {
  build: (batches) => DirectorySnapshot.build(marker, batches as never),
  after: (built) => built.index('ndjson'),
});
