import { type Reader, read } from '../core/config.ts';
import type { DocumentStore } from './documents.ts';

/**
 * SEED, one meaning in every service that has seed data (catalog, talent): `auto` seeds the
 * embedded store at every start and MongoDB only while the seeded collection is empty (a fresh
 * database gets its data, later edits are never reverted); `always` upserts the seed at every
 * start; `never` never seeds (an embedded store then starts empty).
 */
export const SEED_MODES = ['auto', 'always', 'never'] as const;
export type SeedMode = (typeof SEED_MODES)[number];

/** Reads SEED; undefined when unset, so a deprecated variable can still decide. */
export const readSeedMode: Reader<SeedMode | undefined> = (raw) => (raw === undefined ? undefined : read.oneOf(SEED_MODES, 'auto')(raw));

/** Whether to seed at start in `mode`; `isEmpty` is asked only in auto mode on MongoDB. */
export async function shouldSeed(mode: SeedMode, kind: DocumentStore['kind'], isEmpty: () => Promise<boolean>): Promise<boolean> {
  if (mode !== 'auto') return mode === 'always';
  return kind === 'embedded' || (await isEmpty());
}

/**
 * The mode a service runs in: SEED when set, else the one a deprecated variable it used to read
 * names (`legacy`, when that variable is set), else `auto`; `warning` is for the start log.
 */
export function chooseSeedMode(seed: SeedMode | undefined, legacy?: { name: string; mode: SeedMode }): { mode: SeedMode; warning?: string } {
  if (seed !== undefined) return legacy ? { mode: seed, warning: `${legacy.name} is deprecated and ignored: SEED=${seed} is set` } : { mode: seed };
  if (legacy) return { mode: legacy.mode, warning: `${legacy.name} is deprecated: set SEED=${legacy.mode} instead` };
  return { mode: 'auto' };
}
