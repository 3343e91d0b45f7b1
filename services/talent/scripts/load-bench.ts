/** bench:scale's talent loader for the production shape: BENCH_SCALE_N synthetic profiles into MONGODB_URL's talent database, through the driver. */
import { runBenchLoad } from '@tm/shared/testing';
import { loadTalentConfig } from '../src/config.ts';
import { loadSyntheticProfiles } from './bench-data.ts';

await runBenchLoad('talent', loadTalentConfig(process.env), loadSyntheticProfiles);
