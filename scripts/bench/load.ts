/**
 * Drives one case with the load generator: wrk from Debian (a Lua script sets the method, body
 * and headers, and prints the exact summary as JSON in its `done` hook), or autocannon from the
 * npm registry when wrk cannot be had.
 */
import { join } from 'node:path';
import type { Subprocess } from 'bun';

/** One request shape to repeat. */
export interface LoadCase {
  url: string;
  method: 'GET' | 'POST';
  body?: string;
  authorization?: string;
  /** Further request headers (If-None-Match for the 304 case). */
  headers?: Record<string, string>;
}

/** What one measured run produced. */
export interface LoadResult {
  requests: number;
  requestsPerS: number;
  p50Ms: number;
  p99Ms: number;
  /** Responses that were not 2xx/3xx (a 429 would show here). */
  non2xx: number;
  /** Connect, read, write errors and timeouts. */
  socketErrors: number;
}

/** Load-generator processes still running, so the bench can stop them by PID on failure or Ctrl-C. */
export const runningLoad = new Set<Subprocess>();

/** wrk or autocannon behind one interface, so a case runs the same with either. */
export interface LoadGenerator {
  name: string;
  version: string;
  run(c: LoadCase, options: { durationS: number; connections: number }): Promise<LoadResult>;
}

const WRK_SCRIPT = `-- Written by scripts/bench/load.ts: one request shape from the environment, a JSON summary at the end.
wrk.method = os.getenv("BENCH_METHOD") or "GET"
local body = os.getenv("BENCH_BODY") or ""
if #body > 0 then
  wrk.body = body
  wrk.headers["Content-Type"] = "application/json"
end
local auth = os.getenv("BENCH_AUTH") or ""
if #auth > 0 then wrk.headers["Authorization"] = auth end
for name, value in string.gmatch(os.getenv("BENCH_HEADERS") or "", "([^:\\n]+): ([^\\n]*)") do wrk.headers[name] = value end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('BENCH_RESULT {"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"non2xx":%d,"socketErrors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), e.status, e.connect + e.read + e.write + e.timeout))
end
`;

/** wrk with one thread (the machine has two cores, shared with the processes under test). */
export async function createWrk(wrkPath: string, workDir: string, version: string): Promise<LoadGenerator> {
  const script = join(workDir, 'bench.lua');
  await Bun.write(script, WRK_SCRIPT);
  return {
    name: 'wrk',
    version,
    async run(c, { durationS, connections }) {
      const proc = Bun.spawn([wrkPath, '-t1', `-c${connections}`, `-d${durationS}s`, '--timeout', '5s', '-s', script, c.url], {
        env: {
          ...process.env,
          BENCH_METHOD: c.method,
          BENCH_BODY: c.body ?? '',
          BENCH_AUTH: c.authorization ?? '',
          BENCH_HEADERS: Object.entries(c.headers ?? {})
            .map(([name, value]) => `${name}: ${value}`)
            .join('\n'),
        },
        stdout: 'pipe',
        stderr: 'pipe',
      });
      runningLoad.add(proc);
      const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
      runningLoad.delete(proc);
      const line = out.split('\n').find((l) => l.startsWith('BENCH_RESULT '));
      if (code !== 0 || !line) throw new Error(`wrk failed (exit ${code}) on ${c.method} ${c.url}:\n${out}\n${err}`);
      const r = JSON.parse(line.slice('BENCH_RESULT '.length)) as Record<string, number>;
      const durationS_ = (r.durationUs ?? 1) / 1e6;
      return {
        requests: r.requests ?? 0,
        requestsPerS: (r.requests ?? 0) / durationS_,
        p50Ms: (r.p50Us ?? 0) / 1000,
        p99Ms: (r.p99Us ?? 0) / 1000,
        non2xx: r.non2xx ?? 0,
        socketErrors: r.socketErrors ?? 0,
      };
    },
  };
}

/** autocannon through bunx, for machines where wrk cannot be installed. */
export function createAutocannon(): LoadGenerator {
  return {
    name: 'autocannon',
    version: 'autocannon@8 (bunx)',
    async run(c, { durationS, connections }) {
      const args = ['bunx', 'autocannon@8', '-j', '-c', String(connections), '-d', String(durationS), '-m', c.method];
      if (c.body) args.push('-b', c.body, '-H', 'content-type=application/json');
      if (c.authorization) args.push('-H', `authorization=${c.authorization}`);
      for (const [name, value] of Object.entries(c.headers ?? {})) args.push('-H', `${name}=${value}`);
      const proc = Bun.spawn([...args, c.url], { stdout: 'pipe', stderr: 'pipe' });
      runningLoad.add(proc);
      const [out, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
      runningLoad.delete(proc);
      if (code !== 0) throw new Error(`autocannon failed (exit ${code}) on ${c.method} ${c.url}`);
      const r = JSON.parse(out) as {
        requests: { total: number; average: number };
        latency: { p50: number; p99: number };
        non2xx: number;
        errors: number;
        timeouts: number;
      };
      return {
        requests: r.requests.total,
        requestsPerS: r.requests.average,
        p50Ms: r.latency.p50,
        p99Ms: r.latency.p99,
        non2xx: r.non2xx,
        socketErrors: r.errors + r.timeouts,
      };
    },
  };
}
