/**
 * The Debian tools the bench uses (wrk, nginx), installed with apt-get when missing, and their
 * versions for the report. The bench runs as root on the project's machines; elsewhere it says
 * what to install instead of failing half-way.
 */
import { createWrk, type LoadGenerator } from './load.ts';

/** Finds a program on PATH or in the sbin folders (nginx lives in /usr/sbin). */
export function findProgram(name: string): string | undefined {
  return Bun.which(name) ?? Bun.which(name, { PATH: '/usr/local/sbin:/usr/sbin:/sbin' }) ?? undefined;
}

function apt(args: string[]): boolean {
  const r = Bun.spawnSync(['apt-get', ...args], { stdout: 'inherit', stderr: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return r.exitCode === 0;
}

/** Installs the first Debian package of `packages` that provides `program`, when it is missing. */
export function ensureProgram(program: string, packages: readonly string[]): string | undefined {
  const found = findProgram(program);
  if (found) return found;
  if (process.getuid?.() !== 0 || !Bun.which('apt-get')) return undefined;
  console.log(`[bench] ${program} is missing: installing it with apt-get (${packages.join(' or ')})`);
  for (const pkg of packages) {
    if (apt(['install', '-y', '-q', pkg]) || (apt(['update', '-q']) && apt(['install', '-y', '-q', pkg]))) {
      const path = findProgram(program);
      if (path) return path;
    }
  }
  return undefined;
}

/** The first line a command prints (stdout or stderr), for version strings. */
export function firstLine(cmd: string[]): string {
  try {
    const r = Bun.spawnSync(cmd, { stdout: 'pipe', stderr: 'pipe' });
    const text = `${r.stdout.toString()}\n${r.stderr.toString()}`.trim();
    return text.split('\n')[0]?.trim() ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** wrk (the load generator) and nginx, installed when missing, for the profilers (scripts/bench/profile-*.ts). */
export async function wrkAndNginx(workDir: string): Promise<{ load: LoadGenerator; nginxPath: string }> {
  const wrkPath = ensureProgram('wrk', ['wrk']);
  const nginxPath = ensureProgram('nginx', ['nginx-light', 'nginx']);
  if (!wrkPath || !nginxPath) throw new Error('wrk and nginx are needed (apt-get install -y wrk nginx-light)');
  return { load: await createWrk(wrkPath, workDir, 'wrk'), nginxPath };
}

/** A positive number from the environment variable `name`, or `fallback` when it is unset (the bench's knobs). */
export function num(name: string, fallback: number): number {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} must be a positive number`);
  return v;
}
