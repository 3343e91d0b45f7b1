import { expect, test } from 'bun:test';
import { averageJsonBytes, batches } from '@tm/shared/testing';
import { loadSeedProfiles } from '../src/profiles/seed.ts';
import { syntheticProfile } from './bench-data.ts';

test('bench:scale synthetic profiles are on average as large as the seed profiles, and at most a quarter larger (memory is measured on them)', () => {
  const seed = averageJsonBytes(loadSeedProfiles());
  // 650 = 10 turns of the 65 seed profiles each bio and experience is drawn from.
  const synthetic = averageJsonBytes([...batches(650, (i) => syntheticProfile(i, 650))].flat());
  expect(synthetic).toBeGreaterThanOrEqual(seed);
  expect(synthetic).toBeLessThanOrEqual(seed * 1.25);
});
