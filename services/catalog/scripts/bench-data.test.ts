import { expect, test } from 'bun:test';
import { averageJsonBytes, batches } from '@tm/shared/testing';
import { seedDocuments } from '../seed/index.ts';
import { syntheticService } from './bench-data.ts';

test('bench:scale synthetic services are on average as large as the seed services, and at most a quarter larger (memory is measured on them)', () => {
  const seed = averageJsonBytes(seedDocuments());
  // 660 = 20 turns of the 33 seed services each copy is drawn from.
  const synthetic = averageJsonBytes([...batches(660, syntheticService)].flat());
  expect(synthetic).toBeGreaterThanOrEqual(seed);
  expect(synthetic).toBeLessThanOrEqual(seed * 1.25);
});
