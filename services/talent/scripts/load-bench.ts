/** bench:scale's talent loader for the production shape: BENCH_SCALE_N synthetic profiles into MONGODB_URL's talent database, through the driver, then the directory's read once (the stand-in keeps it, as a server's cache would). */
import { runBenchLoad } from '@tm/shared/testing';
import { loadTalentConfig } from '../src/config.ts';
import { createProfileRepository } from '../src/profiles/repository.ts';
import { loadSyntheticProfiles } from './bench-data.ts';

await runBenchLoad('talent', loadTalentConfig(process.env), loadSyntheticProfiles, async (documents) => {
  for await (const _ of createProfileRepository(documents).activeCards());
});
