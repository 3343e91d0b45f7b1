/**
 * `bun scripts/measure-start.ts [service] [runs] [repo root]`: how much a service pays to start.
 * Starts `services/<service>/src/main.ts` (default gateway) `runs` times (default 10) on a free
 * port with embedded defaults, times each from spawn to its "listening" log line, and, after it
 * has sat idle for IDLE_MS (default 1000) with no request, counts the modules loaded (Bun's module
 * registry, read by a preload on SIGUSR2) and reads its RSS. Prints the module count by package,
 * the start times and the idle RSS (min, median, max); docs/operations.md keeps the figures.
 */
import { resolve } from 'node:path';

const [service = 'gateway', runsArg = '10', rootArg] = process.argv.slice(2);
const runs = Number(runsArg);
const root = resolve(rootArg ?? resolve(import.meta.dir, '..'));
const main = resolve(root, 'services', service, 'src/main.ts');
const preload = resolve(import.meta.dir, 'module-count-preload.ts');

const idleMs = Number(process.env.IDLE_MS ?? 1000);

interface Run {
  ms: number;
  modules: string[];
  rss: number;
}

async function startOnce(): Promise<Run> {
  const startedAt = performance.now();
  const child = Bun.spawn([process.execPath, '--preload', preload, main], {
    cwd: root,
    // Embedded stores and no Redis: what `bun run start` gives a newcomer. Empty, not unset, so
    // a developer's .env cannot point the measurement at real services.
    env: { ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: '0', MONGODB_URL: '', REDIS_URL: '' },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  let ms: number | undefined;
  let out = '';
  const decoder = new TextDecoder();
  const reader = child.stdout.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    out += decoder.decode(r.value);
    if (/"msg":"[^"]*listening"/.test(out)) {
      ms = performance.now() - startedAt;
      break;
    }
  }
  if (ms === undefined) throw new Error(`${service} exited before listening: ${out}${await new Response(child.stderr).text()}`);
  reader.releaseLock();
  // Idle, not a wait for something: the figure wanted is what the process holds once start-up work is done.
  await Bun.sleep(idleMs);
  child.kill('SIGUSR2');
  const err = await new Response(child.stderr).text();
  await child.exited;
  const line = err.split('\n').find((l) => l.startsWith('{"modules"'));
  if (!line) throw new Error(`no module list from ${service}: ${err}`);
  const report = JSON.parse(line) as { modules: string[]; rss: number };
  return { ms, modules: report.modules, rss: report.rss };
}

/** `mongodb` for .../node_modules/mongodb/lib/x.js, `@sinclair/typebox` for scoped packages, `(workspace)` for our own source. */
function packageOf(path: string): string {
  const i = path.lastIndexOf('node_modules/');
  if (i < 0) return '(workspace)';
  const parts = path.slice(i + 'node_modules/'.length).split('/');
  return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? '?');
}

const results: Run[] = [];
for (let i = 0; i < runs; i++) results.push(await startOnce());

const modules = results[results.length - 1]?.modules ?? [];
const byPackage = new Map<string, number>();
for (const m of modules) byPackage.set(packageOf(m), (byPackage.get(packageOf(m)) ?? 0) + 1);
const sorted = (values: number[]) => values.sort((a, b) => a - b);
const medianOf = (v: number[]) => (v.length % 2 ? v[(v.length - 1) / 2] : ((v[v.length / 2 - 1] ?? 0) + (v[v.length / 2] ?? 0)) / 2);
const times = sorted(results.map((r) => r.ms));
const median = medianOf(times);
const rss = sorted(results.map((r) => r.rss / 2 ** 20));

console.log(`${service} (${main})`);
console.log(`modules loaded when listening: ${modules.length}`);
for (const [name, n] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${String(n).padStart(4)}  ${name}`);
const fmt = (n: number | undefined) => `${(n ?? 0).toFixed(0)} ms`;
console.log(`start to listening over ${runs} runs: min ${fmt(times[0])}, median ${fmt(median)}, max ${fmt(times[times.length - 1])}`);
const mib = (n: number | undefined) => `${(n ?? 0).toFixed(1)} MiB`;
console.log(`RSS after ${idleMs} ms idle: min ${mib(rss[0])}, median ${mib(medianOf(rss))}, max ${mib(rss[rss.length - 1])}`);
