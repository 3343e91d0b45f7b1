/**
 * No Docker engine runs here, so docker-compose.yml, the Dockerfile template and .dockerignore
 * are checked by reading them against the code: every service, port, variable and health path
 * they name must exist.
 *
 * Bookings is being written on another branch: until services/bookings/src/main.ts exists, its
 * main, its app and the variables compose gives it (and BOOKINGS_URL given to others) are not
 * looked for in code. Once it exists, every check applies to it as to the others.
 */
import { describe, expect, it } from 'bun:test';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { HEALTH_PATH, loadConfig, silentLogger } from '@tm/shared';
import { acceptServiceCredentials, METRICS_PATH, parseServiceCredential, serviceBase } from '@tm/shared/http';
import { SERVICE_RUNTIME_ENV } from '@tm/shared/process';
import { TELEMETRY_SETTINGS, tracesUrl } from '@tm/shared/telemetry';
import YAML from 'yaml';
import { repoRoot } from './support/system.ts';

type ComposeService = {
  image?: string;
  profiles?: string[];
  entrypoint?: string[];
  command?: string[];
  volumes?: string[];
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  environment?: Record<string, string>;
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
};
const compose = YAML.parse(readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, ComposeService> };
const apps = ['auth', 'catalog', 'talent', 'bookings', 'messaging', 'content', 'reviews', 'search', 'growth', 'assistant', 'gateway'] as const;
const bookingsWritten = existsSync(join(repoRoot, 'services/bookings/src/main.ts'));
/** True while the code of `app` may not exist yet on this branch (bookings only, see above). */
const pending = (app: string) => app === 'bookings' && !bookingsWritten;
const dockerfile = readFileSync(join(repoRoot, 'Dockerfile'), 'utf8');
const dockerignore = readFileSync(join(repoRoot, '.dockerignore'), 'utf8').split('\n');
const infraPorts: Record<string, number> = { mongo: 27017, redis: 6379, mailpit: 1025 };
/** The services of the `observability` profile (off unless the profile is on). */
const observability = ['prometheus', 'otel-collector', 'jaeger'] as const;

function sourceOf(dir: string): string {
  let text = '';
  if (!existsSync(dir)) return text;
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) text += sourceOf(path);
    else if (entry.endsWith('.ts') && !entry.endsWith('.test.ts')) text += readFileSync(path, 'utf8');
  }
  return text;
}
const sharedSource = sourceOf(join(repoRoot, 'packages/shared/src'));

const HEALTH_PROBE = 'packages/shared/src/process/health-probe.ts';
/** `${NAME}` as the Dockerfile (or a template literal) writes a reference to NAME. */
const ref = (name: string) => `\${${name}}`;
/** The main the template's CMD runs for SERVICE=`app`. */
function serviceMain(app: string): string {
  const cmd = dockerfile.match(/^CMD \["\/bin\/sh", "-c", "exec bun \\"([^"\\]+)\\""\]$/m)?.[1];
  return (cmd ?? 'missing CMD').replace(ref('SERVICE'), app);
}
/** Every workspace folder (the root package.json's globs, one level deep). */
function workspaces(): string[] {
  const globs = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
  return globs.flatMap((g) => {
    const parent = g.replace(/\/\*$/, '');
    return readdirSync(join(repoRoot, parent))
      .map((d) => `${parent}/${d}`)
      .filter((d) => existsSync(join(repoRoot, d, 'package.json')));
  });
}

describe('Dockerfile (one template for every service)', () => {
  it('replaces the per-service Dockerfiles', () => {
    for (const app of readdirSync(join(repoRoot, 'services')))
      expect({ app, own: existsSync(join(repoRoot, 'services', app, 'Dockerfile')) }).toEqual({ app, own: false });
  });

  it("copies every workspace's package.json before the frozen install, and installs only SERVICE's dependencies", () => {
    for (const ws of workspaces()) expect(dockerfile).toContain(`COPY ${ws}/package.json ${ws}/`);
    expect(dockerfile).toContain('COPY package.json bun.lock ./');
    expect(dockerfile).toContain(`RUN bun install --frozen-lockfile --production --filter "@tm/${ref('SERVICE')}"`);
  });

  it('copies the shared packages (agent-tools, contracts and shared) and the service, and runs its main as an unprivileged user', () => {
    expect(dockerfile).toContain('COPY packages/agent-tools ./packages/agent-tools');
    expect(dockerfile).toContain('COPY packages/contracts ./packages/contracts');
    expect(dockerfile).toContain('COPY packages/shared ./packages/shared');
    expect(dockerfile).toContain(`COPY services/${ref('SERVICE')} ./services/${ref('SERVICE')}`);
    expect(dockerfile).toMatch(/^USER (?!root)\w+/m);
    expect(dockerfile).toContain(`EXPOSE ${ref('PORT')}`);
    expect(dockerfile).toMatch(/^ENV NODE_ENV=production HOST=0\.0\.0\.0 PORT=\$\{PORT\} SERVICE=\$\{SERVICE\}( |$)/m);
    expect(serviceMain('catalog')).toBe('services/catalog/src/main.ts');
  });

  it('starts every service with the same runtime settings as bun run start and the benchmarks (SERVICE_RUNTIME_ENV)', () => {
    const env = dockerfile.match(/^ENV (.+)$/m)?.[1]?.split(' ') ?? [];
    expect(Object.keys(SERVICE_RUNTIME_ENV).length).toBeGreaterThan(0);
    for (const [name, value] of Object.entries(SERVICE_RUNTIME_ENV)) expect(env).toContain(`${name}=${value}`);
    // And the other way round: a runtime setting dropped from the code does not linger in the image.
    for (const setting of env.filter((e) => e.startsWith('BUN_'))) {
      const [name = '', value] = setting.split('=');
      expect({ name, value }).toEqual({ name, value: SERVICE_RUNTIME_ENV[name] });
    }
  });

  it('leaves the runtime settings to the image: no compose service sets one of them to another value', () => {
    for (const [app, svc] of Object.entries(compose.services))
      for (const [name, value] of Object.entries(SERVICE_RUNTIME_ENV))
        if (svc.environment && name in svc.environment) expect({ app, name, value: svc.environment[name] }).toEqual({ app, name, value });
  });

  it('is health-checked by the shared probe, which asks for the health path the services serve', () => {
    expect(dockerfile).toContain(`CMD ["bun", "${HEALTH_PROBE}"]`);
    expect(dockerfile).toContain('HEALTHCHECK');
    expect(readFileSync(join(repoRoot, HEALTH_PROBE), 'utf8')).toContain(ref('HEALTH_PATH'));
  });

  it('is sent a context without installed modules, secrets or git history, but with everything it copies', () => {
    for (const line of ['**/node_modules', '.env', '.git']) expect(dockerignore).toContain(line);
    const copied = ['package.json', 'bun.lock', 'tsconfig.base.json', 'packages', 'services'];
    for (const path of copied) expect({ path, ignored: dockerignore.includes(path) }).toEqual({ path, ignored: false });
    if (dockerignore.includes('tests')) expect(dockerignore).toContain('!tests/e2e/package.json');
  });
});

describe('docker-compose.yml', () => {
  it('runs mongo, redis, an SMTP catcher and the eleven services (and, in the observability profile, Prometheus, an OTLP collector and Jaeger)', () => {
    const byDefault = Object.entries(compose.services)
      .filter(([, svc]) => svc.profiles === undefined)
      .map(([name]) => name);
    expect(byDefault.sort()).toEqual(['mailpit', 'mongo', 'redis', ...apps].sort());
    const profiled = Object.entries(compose.services).filter(([, svc]) => svc.profiles !== undefined);
    expect(profiled.map(([name, svc]) => ({ name, profiles: svc.profiles })).sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      [...observability].sort().map((name) => ({ name, profiles: ['observability'] })),
    );
  });

  it('gives every service its own credential and every service the credentials of all (docs/service-kit.md)', () => {
    // The value compose uses when the variable is unset: `${NAME:-default}` -> default.
    const withDefaults = (value: string | undefined) => (value ?? '').replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1');
    const own = Object.fromEntries(apps.map((app) => [app, withDefaults(compose.services[app]?.environment?.SERVICE_CREDENTIAL)]));
    for (const app of apps) {
      expect({ app, caller: parseServiceCredential(own[app] ?? '')?.caller }).toEqual({ app, caller: app });
      const accepted = acceptServiceCredentials(withDefaults(compose.services[app]?.environment?.SERVICE_CREDENTIALS_ACCEPTED).split(','));
      expect({ app, callers: accepted.callers }).toEqual({ app, callers: [...apps].sort() });
      for (const caller of apps) expect({ app, caller, ok: accepted.check(own[caller] ?? null).ok }).toEqual({ app, caller, ok: true });
    }
  });

  it('runs every folder under services/, each with its own database in the shared MongoDB', () => {
    expect(readdirSync(join(repoRoot, 'services')).sort()).toEqual([...apps].sort());
    for (const app of apps) {
      const url = compose.services[app]?.environment?.MONGODB_URL;
      if (url !== undefined) expect({ app, database: new URL(url).pathname }).toEqual({ app, database: `/${app}` });
    }
  });

  it("names every service in the Dockerfile's build-argument check", () => {
    const check = dockerfile.match(/SERVICE=<([^>]+)>/)?.[1]?.split('|') ?? [];
    expect(check.sort()).toEqual([...apps].sort());
  });

  it('publishes only the gateway (on the port it listens on), the mail catcher UI and the UIs of Prometheus and Jaeger, all on the host loopback', () => {
    for (const [name, svc] of Object.entries(compose.services)) {
      if (['gateway', 'mailpit', 'prometheus', 'jaeger'].includes(name)) continue;
      expect({ name, ports: svc.ports }).toEqual({ name, ports: undefined });
    }
    const gw = compose.services.gateway as ComposeService;
    expect(gw.ports).toEqual([`127.0.0.1:8080:${gw.environment?.PORT}`]);
    expect(compose.services.mailpit?.ports).toEqual(['127.0.0.1:8025:8025']);
    expect(compose.services.prometheus?.ports).toEqual(['127.0.0.1:9090:9090']);
    expect(compose.services.jaeger?.ports).toEqual(['127.0.0.1:16686:16686']);
  });

  for (const app of apps) {
    describe(app, () => {
      const svc = compose.services[app] as ComposeService;
      const env = svc.environment ?? {};
      const code = sourceOf(join(repoRoot, 'services', app, 'src')) + sharedSource;

      it('builds from the one Dockerfile template with its folder as SERVICE and the port it is given as PORT', () => {
        expect(svc.build?.context).toBe('.');
        expect(svc.build?.dockerfile).toBe('Dockerfile');
        expect(svc.build?.args).toEqual({ SERVICE: app, PORT: env.PORT as string });
        const main = serviceMain(app);
        expect(existsSync(join(repoRoot, 'services', app, 'package.json'))).toBe(true);
        if (!pending(app)) expect(existsSync(join(repoRoot, main))).toBe(true);
      });

      it('sets only variables the service reads', () => {
        if (pending(app)) return;
        for (const name of Object.keys(env)) {
          if (name === 'BOOKINGS_URL' && !bookingsWritten) continue;
          expect({ variable: name, read: code.includes(`'${name}'`) || code.includes(`${name}:`) || code.includes(`.${name}`) }).toEqual({
            variable: name,
            read: true,
          });
        }
      });

      it('points URLs at compose services on their real ports', () => {
        for (const [name, value] of Object.entries(env)) {
          if (!/^(mongodb|redis|smtp|http):\/\//.test(value)) continue;
          const url = new URL(value);
          if (url.hostname === 'localhost') continue;
          const target = compose.services[url.hostname];
          expect({ name, host: url.hostname, exists: target !== undefined }).toEqual({ name, host: url.hostname, exists: true });
          const expectedPort = infraPorts[url.hostname] ?? Number(target?.environment?.PORT);
          expect({ name, port: Number(url.port) }).toEqual({ name, port: expectedPort });
        }
      });

      it('is health-checked by the shared probe on the health path, which the service serves through serviceBase', async () => {
        expect(svc.healthcheck?.test).toEqual(['CMD', 'bun', HEALTH_PROBE]);
        if (!pending(app)) expect(readFileSync(join(repoRoot, 'services', app, 'src/app.ts'), 'utf8')).toContain('serviceBase(');
        const res = await serviceBase({ service: app, logger: silentLogger, errorStatus: {} }).handle(new Request(`http://localhost${HEALTH_PATH}`));
        expect(res.status).toBe(200);
      });

      it('waits only for services that exist', () => {
        for (const dep of Object.keys(svc.depends_on ?? {})) expect(Object.keys(compose.services)).toContain(dep);
      });
    });
  }
});

/** The `KEY=value` lines of an env file (compose's --env-file), comments and blank lines skipped. */
function envFile(path: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of readFileSync(join(repoRoot, path), 'utf8').split('\n')) {
    const m = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (m?.[1] !== undefined) out[m[1]] = m[2] ?? '';
  }
  return out;
}
/** Compose's interpolation of `${NAME:-default}` (the only form the telemetry variables use) against `env`. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\{([A-Z_][A-Z0-9_]*):-([^}]*)\}/g, (_, name: string, fallback: string) => env[name] || fallback);
}
/** `host:container[:ro]` volume mounts of a compose service, as { host, container }. */
function mounts(svc: ComposeService | undefined): { host: string; container: string }[] {
  return (svc?.volumes ?? []).map((v) => {
    const [host = '', container = ''] = v.split(':');
    return { host, container };
  });
}
/** The port of a `host:port` address. */
const portOf = (address: string) => Number(address.split(':').pop());

describe('docker-compose.yml: the observability profile', () => {
  const profileEnv = envFile('deploy/observability/compose.env');
  const prometheus = compose.services.prometheus as ComposeService;
  const collector = compose.services['otel-collector'] as ComposeService;
  type ScrapeConfig = {
    job_name: string;
    metrics_path?: string;
    authorization?: { type: string; credentials_file: string };
    static_configs: { targets: string[]; labels?: Record<string, string> }[];
  };
  const promConfig = YAML.parse(readFileSync(join(repoRoot, 'deploy/observability/prometheus.yml'), 'utf8')) as { scrape_configs: ScrapeConfig[] };
  const collectorConfig = YAML.parse(readFileSync(join(repoRoot, 'deploy/observability/otel-collector.yaml'), 'utf8')) as {
    receivers: { otlp: { protocols: { http: { endpoint: string }; grpc?: { endpoint: string } } } };
    exporters: Record<string, { endpoint: string }>;
    service: {
      pipelines: { traces: { receivers: string[]; exporters: string[] } };
      telemetry?: { metrics?: { readers?: { pull?: { exporter?: { prometheus?: { host: string; port: number } } } }[] } };
    };
  };

  it('is switched on by its env file, which turns the profile on and gives the services the collector and a valid scrape token', () => {
    expect(profileEnv.COMPOSE_PROFILES).toBe('observability');
    const config = loadConfig(profileEnv, TELEMETRY_SETTINGS);
    expect(config.METRICS_TOKEN).toBe(profileEnv.METRICS_TOKEN as string);
    const endpoint = new URL(config.OTEL_EXPORTER_OTLP_ENDPOINT as string);
    expect(endpoint.hostname).toBe('otel-collector');
    expect(Number(endpoint.port)).toBe(portOf(collectorConfig.receivers.otlp.protocols.http.endpoint));
  });

  for (const app of apps) {
    it(`${app}: gets the scrape token and the collector with the profile's env file, and runs without telemetry without it`, () => {
      const env = compose.services[app]?.environment ?? {};
      for (const name of ['METRICS_TOKEN', 'OTEL_EXPORTER_OTLP_ENDPOINT'] as const)
        expect({ name, value: env[name] }).toEqual({ name, value: `\${${name}:-}` });
      const on = loadConfig(
        {
          METRICS_TOKEN: interpolate(env.METRICS_TOKEN ?? '', profileEnv),
          OTEL_EXPORTER_OTLP_ENDPOINT: interpolate(env.OTEL_EXPORTER_OTLP_ENDPOINT ?? '', profileEnv),
        },
        TELEMETRY_SETTINGS,
      );
      expect(on.METRICS_TOKEN).toBe(profileEnv.METRICS_TOKEN as string);
      expect(tracesUrl(on)).toBe(`${profileEnv.OTEL_EXPORTER_OTLP_ENDPOINT}/v1/traces`);
      const off = loadConfig(
        { METRICS_TOKEN: interpolate(env.METRICS_TOKEN ?? '', {}), OTEL_EXPORTER_OTLP_ENDPOINT: interpolate(env.OTEL_EXPORTER_OTLP_ENDPOINT ?? '', {}) },
        TELEMETRY_SETTINGS,
      );
      expect(off.METRICS_TOKEN).toBeUndefined();
      expect(tracesUrl(off)).toBeUndefined();
    });
  }

  it("Prometheus scrapes every service's /metrics on its port, with the token as a bearer credential read from the file its entrypoint writes", () => {
    const job = promConfig.scrape_configs.find((c) => c.job_name === 'services') as ScrapeConfig;
    expect(job.metrics_path).toBe(METRICS_PATH);
    const scraped = job.static_configs.flatMap((c) => c.targets.map((target) => ({ target, service: c.labels?.service })));
    const expected = apps.map((app) => ({ target: `${app}:${compose.services[app]?.environment?.PORT}`, service: app }));
    expect(scraped.sort((a, b) => a.target.localeCompare(b.target))).toEqual(expected.sort((a, b) => a.target.localeCompare(b.target)));
    expect(job.authorization?.type).toBe('Bearer');
    const script = prometheus.entrypoint?.join(' ') ?? '';
    expect(script).toContain(`"$$METRICS_TOKEN" > ${job.authorization?.credentials_file}`);
    expect(prometheus.environment?.METRICS_TOKEN).toBe(`\${METRICS_TOKEN:-}`);
    // Its config is the file in deploy/observability, mounted where the entrypoint points Prometheus.
    const configPath = /--config\.file=(\S+)/.exec(script)?.[1];
    expect(mounts(prometheus).find((m) => m.container === configPath)?.host).toBe('./deploy/observability/prometheus.yml');
    // Every other scrape target is a service of this file, on a port it listens on.
    const collectorJob = promConfig.scrape_configs.find((c) => c.job_name === 'otel-collector') as ScrapeConfig;
    const collectorMetrics = collectorConfig.service.telemetry?.metrics?.readers?.[0]?.pull?.exporter?.prometheus;
    expect(collectorJob.static_configs[0]?.targets).toEqual([`otel-collector:${collectorMetrics?.port}`]);
    expect(collectorMetrics?.host).toBe('0.0.0.0');
  });

  it('the collector receives OTLP/HTTP and passes traces to Jaeger over OTLP', () => {
    const configPath = /--config=(\S+)/.exec(collector.command?.join(' ') ?? '')?.[1];
    expect(mounts(collector).find((m) => m.container === configPath)?.host).toBe('./deploy/observability/otel-collector.yaml');
    expect(collectorConfig.receivers.otlp.protocols.http.endpoint).toBe('0.0.0.0:4318');
    const pipeline = collectorConfig.service.pipelines.traces;
    expect(pipeline.receivers).toContain('otlp');
    expect(pipeline.exporters.length).toBeGreaterThan(0);
    for (const name of pipeline.exporters) {
      const [host, port] = (collectorConfig.exporters[name]?.endpoint ?? '').split(':');
      expect({ name, host, port }).toEqual({ name, host: 'jaeger', port: '4317' });
    }
    expect(Object.keys(collector.depends_on ?? {})).toEqual(['jaeger']);
  });

  it('mounts only files that exist', () => {
    for (const [name, svc] of Object.entries(compose.services))
      for (const { host } of mounts(svc))
        if (host.startsWith('./')) expect({ name, host, exists: existsSync(join(repoRoot, host)) }).toEqual({ name, host, exists: true });
  });
});
