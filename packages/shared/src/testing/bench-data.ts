import { createLogger } from '../core/logger.ts';
import type { DocumentStore } from '../store/documents.ts';
import { createMongoDocumentStore } from '../store/mongo-documents.ts';
import { mongoSettingsFrom } from '../store/mongo-settings.ts';

/**
 * Word tables and helpers for the synthetic data bench:scale generates (catalog services and
 * talent profiles), so both draw the same technologies and roles and search words repeat as in
 * real data. Deterministic: no randomness, no clock.
 */
export const BENCH_TECH = [
  'react',
  'angular',
  'vue',
  'node',
  'python',
  'django',
  'java',
  'spring',
  'golang',
  'rust',
  'kotlin',
  'swift',
  'flutter',
  'kubernetes',
  'terraform',
  'aws',
  'azure',
  'gcp',
  'spark',
  'kafka',
  'airflow',
  'dbt',
  'postgres',
  'mongodb',
  'redis',
  'graphql',
  'nextjs',
  'svelte',
  'elixir',
  'scala',
  'pytorch',
  'tensorflow',
  'figma',
  'playwright',
  'cypress',
  'selenium',
  'laravel',
  'rails',
  'dotnet',
  'unity',
];
export const BENCH_ROLE = ['developer', 'engineer', 'architect', 'consultant', 'specialist', 'lead'];

/** The fixed `updatedAt` of every synthetic document. */
export const BENCH_UPDATED_AT = '2026-11-01T00:00:00.000Z';

/** The `i`th entry of `list`, cycling. */
export const pickCyclic = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;

/** `n` of something, built lazily in batches (never all at once). */
export function* batches<T>(n: number, make: (i: number) => T, size = 1_000): Generator<T[]> {
  for (let i = 0; i < n; i += size) yield Array.from({ length: Math.min(size, n - i) }, (_, k) => make(i + k));
}

/**
 * bench:scale's loader for the production shape: opens `service`'s database at MONGODB_URL
 * through the production adapter (the real driver), runs `load` with BENCH_SCALE_N, logs one JSON
 * line with the time it took (`loadedMs`), and closes. The services' scripts/load-bench.ts.
 */
export async function runBenchLoad(
  service: string,
  config: Parameters<typeof mongoSettingsFrom>[0],
  load: (documents: DocumentStore, n: number) => Promise<void>,
): Promise<void> {
  const logger = createLogger(`${service}-load`);
  const settings = mongoSettingsFrom(config, service);
  if (!settings) throw new Error('bench load: MONGODB_URL is required');
  const n = Number(process.env.BENCH_SCALE_N);
  const documents = createMongoDocumentStore(settings, { logger, appName: `${service}-load` });
  try {
    const t0 = performance.now();
    await load(documents, n);
    logger.info('loaded', { n, loadedMs: Math.round(performance.now() - t0) });
  } finally {
    await documents.close();
  }
}
