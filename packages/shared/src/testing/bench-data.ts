import { BSON, type Document, MongoClient } from 'mongodb';
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
export const BENCH_ADJ = ['senior', 'fractional', 'dedicated', 'remote', 'certified', 'principal', 'staff', 'junior'];

/** The slug of the `i`th synthetic service (catalog's bench data), which synthetic profiles list as services they deliver. */
export function benchServiceSlug(i: number): string {
  const tech = pickCyclic(BENCH_TECH, i);
  const role = pickCyclic(BENCH_ROLE, Math.floor(i / BENCH_TECH.length));
  const adj = pickCyclic(BENCH_ADJ, Math.floor(i / (BENCH_TECH.length * BENCH_ROLE.length)));
  return `${adj}-${tech}-${role}-${i}`;
}

/** The fixed `updatedAt` of every synthetic document. */
export const BENCH_UPDATED_AT = '2026-11-01T00:00:00.000Z';

/** The `i`th entry of `list`, cycling. */
export const pickCyclic = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;

/**
 * `n` of something, built lazily in batches (never all at once). Strings built from templates
 * are ropes sharing the templates' text; the stores copy them out whole (the embedded store
 * encodes every document, the driver serializes it), so what they hold is the size of real data.
 */
export function* batches<T>(n: number, make: (i: number) => T, size = 1_000): Generator<T[]> {
  for (let i = 0; i < n; i += size) yield Array.from({ length: Math.min(size, n - i) }, (_, k) => make(i + k));
}

/** The average size in bytes of some documents as JSON (UTF-8): what the bench data is compared to the seed by. */
export function averageJsonBytes(docs: readonly object[]): number {
  return docs.reduce((sum, d) => sum + Buffer.byteLength(JSON.stringify(d)), 0) / docs.length;
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
  /**
   * Reads what the service's start-up will read, once, after the load (timed apart: `warmedMs`):
   * the stand-in keeps that result (kept-results.ts), as a server holds what was just written in
   * its cache, so the service's start-up measures the service and the driver, not the stand-in
   * decoding and encoding every document again.
   */
  warm?: (documents: DocumentStore) => Promise<void>,
): Promise<void> {
  const logger = createLogger(`${service}-load`);
  const settings = mongoSettingsFrom(config, service);
  if (!settings) throw new Error('bench load: MONGODB_URL is required');
  const n = Number(process.env.BENCH_SCALE_N);
  const documents = createMongoDocumentStore(settings, { logger, appName: `${service}-load` });
  try {
    const t0 = performance.now();
    await load(documents, n);
    const loadedMs = Math.round(performance.now() - t0);
    const t1 = performance.now();
    await warm?.(documents);
    logger.info('loaded', { n, loadedMs, warmedMs: Math.round(performance.now() - t1) });
  } finally {
    await documents.close();
  }
}

/** A snapshot build's read: what it asks the collection for. */
export interface SnapshotRead {
  filter: Document;
  sort: Document;
  projection: Document;
  batchSize: number;
}

/**
 * bench:scale, production's shape: a service's snapshot read through the real driver with
 * `raw: true` (the server's work and the transfer, no decoding), then BSON.deserialize of every
 * document it returned, timed apart: the decoding a real MongoDB would leave the service, which
 * no server speed removes. Logs one JSON line (`snapshot read`) and closes.
 */
export async function runSnapshotReadTiming(
  service: string,
  config: Parameters<typeof mongoSettingsFrom>[0],
  collection: string,
  read: SnapshotRead,
): Promise<void> {
  const logger = createLogger(`${service}-read`);
  const settings = mongoSettingsFrom(config, service);
  if (!settings) throw new Error('snapshot read timing: MONGODB_URL is required');
  const client = new MongoClient(settings.url, { serverSelectionTimeoutMS: settings.timeoutMs });
  try {
    const cursor = client
      .db(settings.database)
      .collection(collection)
      .find(read.filter, { sort: read.sort, projection: read.projection, batchSize: read.batchSize, raw: true });
    const t0 = performance.now();
    const raw = (await cursor.toArray()) as unknown as Uint8Array[];
    const fetchMs = performance.now() - t0;
    const t1 = performance.now();
    for (const doc of raw) BSON.deserialize(doc);
    const decodeMs = performance.now() - t1;
    const bytes = raw.reduce((n, d) => n + d.byteLength, 0);
    Bun.gc(true);
    logger.info('snapshot read', { docs: raw.length, bytes, fetchMs: Math.round(fetchMs), decodeMs: Math.round(decodeMs) });
  } finally {
    await client.close();
  }
}

/** What a service's snapshot build is, for runStartupPhases: the build over decoded batches, and what runs after it before /readyz says 200. */
export interface StartupBuild<S> {
  /** The build over the batches: decoded documents, or with `bson` each document's BSON (the read main.ts makes with `raw: true`). */
  build: (batches: Iterable<Document[]> | Iterable<Uint8Array[]>) => Promise<S>;
  /** True when the service reads its snapshot as BSON itself (the catalog): the build gets the documents undecoded, and the driver's decoding is timed apart, alone, for comparison. */
  bson?: boolean;
  /**
   * The service's own decoding of each document, as its repository decodes a raw read (talent's
   * readPlainBson): timed inside the build as `decode`, in place of the driver's, which is then
   * timed apart, alone, for comparison (`driverDecodeAlone`).
   */
  decode?: (bson: Uint8Array) => Document;
  /** The index's ETag pass, as the read model runs it with the build. */
  after: (built: S) => Promise<unknown>;
}

/**
 * bench:startup (scripts/bench-scale/startup.ts): a service's start-up over the driver split into
 * its phases, each timed alone, in one process: the read with `raw: true` (the server's work and
 * the transfer), BSON.deserialize of every document (the driver's decoding, timed inside the
 * build as it asks for each batch), the snapshot build (the service's own CPU, no I/O), the pass after it, and the full
 * collection main.ts runs before the snapshot serves. A service that reads the BSON itself
 * (`bson`: the catalog) gets its build timed over the undecoded documents (`readAndBuild`), and
 * the driver's decoding of them alone (`driverDecodeAlone`, what decoding them would have cost).
 * Logs one JSON line (`startup phases`).
 */
export async function runStartupPhases<S>(
  service: string,
  config: Parameters<typeof mongoSettingsFrom>[0],
  collection: string,
  read: SnapshotRead,
  startup: StartupBuild<S>,
): Promise<void> {
  const logger = createLogger(`${service}-phases`);
  const settings = mongoSettingsFrom(config, service);
  if (!settings) throw new Error('start-up phases: MONGODB_URL is required');
  const client = new MongoClient(settings.url, { serverSelectionTimeoutMS: settings.timeoutMs });
  // Each phase's wall time and its CPU time (all threads: on a shared machine the wall time
  // includes waiting for a core, the CPU time mostly does not).
  const times: Record<string, number> = {};
  let wall0 = 0;
  let cpu0 = process.cpuUsage();
  const start = () => {
    wall0 = performance.now();
    cpu0 = process.cpuUsage();
  };
  const end = (phase: string) => {
    const cpu = process.cpuUsage(cpu0);
    times[`${phase}Ms`] = Math.round(performance.now() - wall0);
    times[`${phase}CpuMs`] = Math.round((cpu.user + cpu.system) / 1000);
  };
  try {
    const cursor = client
      .db(settings.database)
      .collection(collection)
      .find(read.filter, { sort: read.sort, projection: read.projection, batchSize: read.batchSize, raw: true });
    start();
    let raw = (await cursor.toArray()) as unknown as Uint8Array[];
    end('fetch');
    const bytes = raw.reduce((n, d) => n + d.byteLength, 0);
    // The build takes the documents a batch at a time, decoded as it asks for them and let go
    // once used, as the driver hands them over in main.ts (so the heap it collects is the one a
    // real start-up has); the decoding inside it is timed apart.
    const docs = raw.length;
    let decodeMs = 0;
    let decodeCpuUs = 0;
    const batchSize = read.batchSize;
    const decode = startup.decode ?? ((bson: Uint8Array) => BSON.deserialize(bson));
    function* batches(): Generator<Document[]> {
      for (let i = 0; i < raw.length; i += batchSize) {
        const w = performance.now();
        const c = process.cpuUsage();
        const batch: Document[] = [];
        for (let k = i; k < Math.min(raw.length, i + batchSize); k++) {
          batch.push(decode(raw[k] as Uint8Array));
          (raw as (Uint8Array | undefined)[])[k] = undefined;
        }
        const used = process.cpuUsage(c);
        decodeMs += performance.now() - w;
        decodeCpuUs += used.user + used.system;
        yield batch;
      }
    }
    let built: S;
    if (startup.bson || startup.decode) {
      // What the driver's decoding would cost (not part of this start-up), each document decoded and let go.
      start();
      for (const d of raw) BSON.deserialize(d);
      end('driverDecodeAlone');
      Bun.gc(true);
    }
    if (startup.bson) {
      function* rawBatches(): Generator<Uint8Array[]> {
        for (let i = 0; i < raw.length; i += batchSize) {
          yield raw.slice(i, i + batchSize);
          for (let k = i; k < Math.min(raw.length, i + batchSize); k++) (raw as (Uint8Array | undefined)[])[k] = undefined;
        }
      }
      start();
      built = await startup.build(rawBatches());
      end('readAndBuild');
      raw = [];
    } else {
      start();
      built = await startup.build(batches());
      end('decodeAndBuild');
      raw = [];
      times.decodeMs = Math.round(decodeMs);
      times.decodeCpuMs = Math.round(decodeCpuUs / 1000);
      times.buildMs = (times.decodeAndBuildMs as number) - times.decodeMs;
      times.buildCpuMs = (times.decodeAndBuildCpuMs as number) - times.decodeCpuMs;
    }
    start();
    await startup.after(built);
    end('after');
    start();
    Bun.gc(true);
    end('gc');
    logger.info('startup phases', { docs, bytes, ...times });
  } finally {
    await client.close();
  }
}
