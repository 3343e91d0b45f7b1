/**
 * Environment parsing: each variable has a reader; `loadConfig` runs them all and throws one
 * ConfigError that names every bad variable at once, so an operator fixes them in one pass.
 */
export type Env = Readonly<Record<string, string | undefined>>;
/** Turns the raw value of a variable into a typed value, or throws an Error saying why not. */
export type Reader<T> = (raw: string | undefined) => T;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: readonly string[]) {
    super(`invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

/** Reads every variable named in `spec` from `env`; throws ConfigError listing all problems. */
export function loadConfig<S extends Record<string, Reader<unknown>>>(env: Env, spec: S): Readonly<{ [K in keyof S]: ReturnType<S[K]> }> {
  const out: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, read] of Object.entries(spec)) {
    const raw = env[name];
    try {
      out[name] = read(raw === '' ? undefined : raw);
    } catch (err) {
      problems.push(`${name}: ${(err as Error).message}`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(out) as { [K in keyof S]: ReturnType<S[K]> };
}

function required<T>(raw: string | undefined, fallback: T | undefined): string | T {
  if (raw !== undefined) return raw;
  if (fallback === undefined) throw new Error('is required');
  return fallback;
}

/** Readers for the kinds of variable the services use. */
export const read = {
  string:
    (fallback?: string): Reader<string> =>
    (raw) =>
      required(raw, fallback),
  optionalString: (): Reader<string | undefined> => (raw) => raw,
  int:
    (fallback: number | undefined, { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = {}): Reader<number> =>
    (raw) => {
      const v = required(raw, fallback);
      const n = typeof v === 'number' ? v : Number(v);
      if (!Number.isInteger(n) || (typeof v === 'string' && !/^-?\d+$/.test(v.trim()))) throw new Error(`must be an integer, got "${v}"`);
      if (n < min || n > max) throw new Error(`must be between ${min} and ${max}, got ${n}`);
      return n;
    },
  port: (fallback?: number): Reader<number> => read.int(fallback, { min: 0, max: 65535 }),
  bool:
    (fallback: boolean): Reader<boolean> =>
    (raw) => {
      if (raw === undefined) return fallback;
      const v = raw.trim().toLowerCase();
      if (['1', 'true', 'yes', 'on'].includes(v)) return true;
      if (['0', 'false', 'no', 'off'].includes(v)) return false;
      throw new Error(`must be true or false, got "${raw}"`);
    },
  /** A URL whose protocol is one of `protocols`; undefined when unset and no fallback. */
  url:
    (protocols: readonly string[], fallback?: string): Reader<string> =>
    (raw) => {
      const v = required(raw, fallback);
      return checkUrl(v, protocols);
    },
  optionalUrl:
    (protocols: readonly string[]): Reader<string | undefined> =>
    (raw) =>
      raw === undefined ? undefined : checkUrl(raw, protocols),
  /** Comma-separated list, trimmed, empties dropped. */
  list:
    (fallback: readonly string[] = []): Reader<readonly string[]> =>
    (raw) =>
      raw === undefined
        ? fallback
        : raw
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
  oneOf:
    <T extends string>(values: readonly T[], fallback: T): Reader<T> =>
    (raw) => {
      const v = raw ?? fallback;
      if (!(values as readonly string[]).includes(v)) throw new Error(`must be one of ${values.join(', ')}, got "${v}"`);
      return v as T;
    },
};

function checkUrl(value: string, protocols: readonly string[]): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`must be a URL, got "${redactCredentials(value)}"`);
  }
  if (!protocols.includes(url.protocol)) throw new Error(`must use ${protocols.join(' or ')}, got "${url.protocol}"`);
  return value;
}

/** URLs such as SMTP_URL and REDIS_URL carry passwords: an error message must never repeat them. */
export function redactCredentials(value: string): string {
  return value.replace(/\/\/[^/@]*@/, '//***@');
}

/** True when the process runs in production (NODE_ENV=production). */
export function isProduction(env: Env): boolean {
  return env.NODE_ENV === 'production';
}

/** ALLOW_EMBEDDED_IN_PRODUCTION read like every boolean ('' counts as unset, as everywhere). */
const readAllowEmbedded = (env: Env) => read.bool(false)(env.ALLOW_EMBEDDED_IN_PRODUCTION === '' ? undefined : env.ALLOW_EMBEDDED_IN_PRODUCTION);

/** True when ALLOW_EMBEDDED_IN_PRODUCTION holds a true value (1, true, yes, on); false when unset or not a boolean. */
export function allowsEmbeddedInProduction(env: Env): boolean {
  try {
    return readAllowEmbedded(env);
  } catch {
    return false;
  }
}

/**
 * In production, embedded stores and generated development keys are refused unless
 * ALLOW_EMBEDDED_IN_PRODUCTION (a boolean, like every other) says the operator means it (a
 * single-node demo, say). A value that is no boolean is a problem of its own.
 */
export function productionProblems(env: Env, checks: Readonly<Record<string, boolean>>): string[] {
  if (!isProduction(env)) return [];
  let allowed = false;
  const problems: string[] = [];
  try {
    allowed = readAllowEmbedded(env);
  } catch (err) {
    problems.push(`ALLOW_EMBEDDED_IN_PRODUCTION: ${(err as Error).message}`);
  }
  if (allowed) return [];
  for (const [name, missing] of Object.entries(checks)) {
    if (missing) problems.push(`${name}: must be set when NODE_ENV=production (the embedded default is for development)`);
  }
  return problems;
}
