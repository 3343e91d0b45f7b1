/** bench:scale, production's shape: the directory's read of MONGODB_URL's talent database, raw through the driver and decoded apart, timed. */
import { runSnapshotReadTiming } from '@tm/shared/testing';
import { loadTalentConfig } from '../src/config.ts';
import { ACTIVE_CARDS_READ, PROFILES_COLLECTION } from '../src/profiles/repository.ts';

await runSnapshotReadTiming('talent', loadTalentConfig(process.env), PROFILES_COLLECTION, ACTIVE_CARDS_READ);
