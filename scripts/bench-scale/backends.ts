/**
 * bench:scale's talent and catalog for one size, in either shape (run.ts's BENCH_SCALE_STORE):
 * started, loaded with the synthetic data, and timed to their first answer.
 */
import { join } from 'node:path';
import { answersOk, type ProcessGroup, type Started, waitFor } from '../bench/processes.ts';
import type { ServiceStart } from './report.ts';

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

/** Milliseconds from now until `readyUrl` answers 2xx. */
export async function readyAfter(s: Started, readyUrl: string): Promise<number> {
  const t0 = performance.now();
  await waitFor(`${s.name} ready`, () => answersOk(readyUrl), [s], 600_000);
  return Math.round(performance.now() - t0);
}

/** A number a process logged in its JSON line carrying `msg` (waiting for the line: a log written just now may not be in the file yet). */
async function logged(s: Started, msg: string, field: string): Promise<number> {
  const find = async () => (await Bun.file(s.logFile).text()).split('\n').find((l) => l.includes(`"msg":"${msg}"`));
  await waitFor(`${s.name}'s "${msg}" line`, async () => (await find()) !== undefined, [], 5_000);
  return Number((JSON.parse((await find()) ?? '{}') as Record<string, unknown>)[field] ?? Number.NaN);
}

export interface Backends {
  talent: Started;
  catalog: Started;
  database?: Started;
  startup: { talent: ServiceStart; catalog: ServiceStart };
}

/**
 * Production's shape: the database in its own process, loaded through the driver, then each
 * service's main.ts started on it. Start-up is spawn to the first read the snapshot answers
 * (a list page), since /readyz answers as soon as the indexes are there.
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
  const talent = run('talent', 'services/talent/src/main.ts', { ...onDatabase, PORT: String(ports.talent) });
  const catalog = run('catalog', 'services/catalog/src/main.ts', { ...onDatabase, PORT: String(ports.catalog), TALENT_URL: url(ports.talent) });
  const [talentMs, catalogMs] = await Promise.all([
    readyAfter(talent, `${url(ports.talent)}/talent?limit=1`),
    readyAfter(catalog, `${url(ports.catalog)}/services?limit=1`),
  ]);
  return {
    talent,
    catalog,
    database,
    startup: {
      talent: { loadMs: await logged(talentLoad, 'loaded', 'loadedMs'), startMs: talentMs },
      catalog: { loadMs: await logged(catalogLoad, 'loaded', 'loadedMs'), startMs: catalogMs },
    },
  };
}

/**
 * `bun run start`'s shape: each service loads its in-process embedded store, then builds its
 * snapshot. Start-up with the data stored is spawn to /readyz less that load.
 */
export async function startEmbedded(group: ProcessGroup, ports: { talent: number; catalog: number }, env: Record<string, string>): Promise<Backends> {
  const run = (name: string, file: string, extra: Record<string, string>) => spawnScript(group, env, name, file, extra);
  const talent = run('talent', 'services/talent/scripts/serve-bench.ts', { PORT: String(ports.talent) });
  const catalog = run('catalog', 'services/catalog/scripts/serve-bench.ts', { PORT: String(ports.catalog), TALENT_URL: url(ports.talent) });
  const [talentMs, catalogMs] = await Promise.all([readyAfter(talent, `${url(ports.talent)}/readyz`), readyAfter(catalog, `${url(ports.catalog)}/readyz`)]);
  const start = async (s: Started, spawnMs: number): Promise<ServiceStart> => {
    const loadMs = await logged(s, 'listening', 'loadedMs');
    return { loadMs, startMs: spawnMs - loadMs, spawnMs };
  };
  return { talent, catalog, startup: { talent: await start(talent, talentMs), catalog: await start(catalog, catalogMs) } };
}
