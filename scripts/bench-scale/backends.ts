/**
 * bench:scale's talent and catalog for one size, in either shape (run.ts's BENCH_SCALE_STORE):
 * spawned on their data. They are not waited for here: run.ts watches each one's /readyz and
 * what requests through the gateway meet from its first 200 on (measure.ts afterReadiness).
 */
import { join } from 'node:path';
import { type ProcessGroup, type Started, waitFor } from '../bench/processes.ts';

export const repoRoot = join(import.meta.dir, '..', '..');
export const url = (port: number) => `http://127.0.0.1:${port}`;

/** Starts the repository's `file` with Bun as process `name`, with `env` and `extra` over it. */
export function spawnScript(group: ProcessGroup, env: Record<string, string>, name: string, file: string, extra: Record<string, string> = {}): Started {
  return group.spawn(name, [process.execPath, join(repoRoot, file)], { ...env, ...extra }, repoRoot);
}

/** True once something accepts TCP connections on 127.0.0.1:`port`. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    Bun.connect({ hostname: '127.0.0.1', port, socket: { open: (s) => (s.end(), resolve(true)), connectError: () => resolve(false), data() {} } }).catch(() =>
      resolve(false),
    );
  });
}

/** A number a process logged in its JSON line carrying `msg` (waiting for the line: a log written just now may not be in the file yet). */
export async function logged(s: Started, msg: string, field: string): Promise<number> {
  const find = async () => (await Bun.file(s.logFile).text()).split('\n').find((l) => l.includes(`"msg":"${msg}"`));
  await waitFor(`${s.name}'s "${msg}" line`, async () => (await find()) !== undefined, [], 10_000);
  return Number((JSON.parse((await find()) ?? '{}') as Record<string, unknown>)[field] ?? Number.NaN);
}

/** A service spawned, and when (performance.now()). */
export interface Spawned {
  process: Started;
  spawnedAt: number;
  /** Writing the N documents by bulk writes, ms: a separate loader's (production's shape) or the service's own (embedded). */
  loadMs: () => Promise<number>;
}

export interface Backends {
  talent: Spawned;
  catalog: Spawned;
  database?: Started;
}

/**
 * Production's shape: the database in its own process, loaded through the driver, then each
 * service's main.ts started on it.
 */
export async function startOnDatabase(
  group: ProcessGroup,
  ports: { talent: number; catalog: number; database: number },
  env: Record<string, string>,
): Promise<Backends> {
  const run = (name: string, file: string, extra: Record<string, string> = {}) => spawnScript(group, env, name, file, extra);
  const database = run('database', 'scripts/bench-scale/store.ts', { PORT: String(ports.database) });
  await waitFor('database', () => accepts(ports.database), [database]);
  const onDatabase = { MONGODB_URL: `mongodb://127.0.0.1:${ports.database}/?directConnection=true`, SEED: 'never' };
  // Both loads, then both services, run at once, as compose starts them: on the single-threaded
  // stand-in each figure includes the other service's share of its time.
  const loaders = [
    run('talent-load', 'services/talent/scripts/load-bench.ts', onDatabase),
    run('catalog-load', 'services/catalog/scripts/load-bench.ts', onDatabase),
  ];
  for (const l of loaders) if ((await l.proc.exited) !== 0) throw new Error(`${l.name} failed; see ${l.logFile}`);
  const [talentLoad, catalogLoad] = loaders as [Started, Started];
  const spawnedAt = performance.now();
  const talent = run('talent', 'services/talent/src/main.ts', { ...onDatabase, PORT: String(ports.talent) });
  const catalog = run('catalog', 'services/catalog/src/main.ts', { ...onDatabase, PORT: String(ports.catalog), TALENT_URL: url(ports.talent) });
  return {
    talent: { process: talent, spawnedAt, loadMs: () => logged(talentLoad, 'loaded', 'loadedMs') },
    catalog: { process: catalog, spawnedAt, loadMs: () => logged(catalogLoad, 'loaded', 'loadedMs') },
    database,
  };
}

/**
 * `bun run start`'s shape: each service listens on an empty embedded store, loads it by bulk
 * writes, then builds its snapshot (/readyz 503 until then), as main.ts seeds and builds.
 */
export function startEmbedded(group: ProcessGroup, ports: { talent: number; catalog: number }, env: Record<string, string>): Backends {
  const run = (name: string, file: string, extra: Record<string, string>) => spawnScript(group, env, name, file, extra);
  const spawnedAt = performance.now();
  const talent = run('talent', 'services/talent/scripts/serve-bench.ts', { PORT: String(ports.talent) });
  const catalog = run('catalog', 'services/catalog/scripts/serve-bench.ts', { PORT: String(ports.catalog), TALENT_URL: url(ports.talent) });
  return {
    talent: { process: talent, spawnedAt, loadMs: () => logged(talent, 'loaded', 'loadedMs') },
    catalog: { process: catalog, spawnedAt, loadMs: () => logged(catalog, 'loaded', 'loadedMs') },
  };
}
