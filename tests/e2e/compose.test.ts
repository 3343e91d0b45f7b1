/**
 * No Docker engine runs here, so docker-compose.yml and the Dockerfiles are checked by reading
 * them against the code: every service, port, variable and health path they name must exist.
 */
import { describe, expect, it } from 'bun:test';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';
import { repoRoot } from './support/system.ts';

type ComposeService = {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
};
const compose = YAML.parse(readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, ComposeService> };
const apps = ['auth', 'catalog', 'talent', 'gateway'] as const;
const infraPorts: Record<string, number> = { mongo: 27017, redis: 6379, mailpit: 1025 };

function sourceOf(dir: string): string {
  let text = '';
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) text += sourceOf(path);
    else if (entry.endsWith('.ts') && !entry.endsWith('.test.ts')) text += readFileSync(path, 'utf8');
  }
  return text;
}
const sharedSource = sourceOf(join(repoRoot, 'packages/shared/src'));

describe('docker-compose.yml', () => {
  it('runs mongo, redis, an SMTP catcher and the four services', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['auth', 'catalog', 'gateway', 'mailpit', 'mongo', 'redis', 'talent']);
  });

  it('publishes only the gateway (on the port it listens on) and the mail catcher UI, both on the host loopback', () => {
    for (const [name, svc] of Object.entries(compose.services)) {
      if (name === 'gateway' || name === 'mailpit') continue;
      expect({ name, ports: svc.ports }).toEqual({ name, ports: undefined });
    }
    const gw = compose.services.gateway as ComposeService;
    expect(gw.ports).toEqual([`127.0.0.1:8080:${gw.environment?.PORT}`]);
    expect(compose.services.mailpit?.ports).toEqual(['127.0.0.1:8025:8025']);
  });

  for (const app of apps) {
    describe(app, () => {
      const svc = compose.services[app] as ComposeService;
      const env = svc.environment ?? {};
      const code = sourceOf(join(repoRoot, 'services', app, 'src')) + sharedSource;

      it('builds from its own Dockerfile, which exposes the port the service is given', () => {
        expect(svc.build?.context).toBe('.');
        const dockerfile = join(repoRoot, svc.build?.dockerfile ?? 'missing');
        expect(existsSync(dockerfile)).toBe(true);
        const text = readFileSync(dockerfile, 'utf8');
        expect(text).toContain(`EXPOSE ${env.PORT}`);
        expect(text).toMatch(/^USER (?!root)\w+/m);
        expect(text).toContain('HEALTHCHECK');
        const cmd = text.match(/^CMD \["bun", "([^"]+)"\]/m)?.[1];
        expect(cmd).toBe(`services/${app}/src/main.ts`);
        expect(existsSync(join(repoRoot, cmd as string))).toBe(true);
      });

      it('sets only variables the service reads', () => {
        for (const name of Object.keys(env)) {
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

      it('is health-checked on /healthz, which the service serves through serviceBase', () => {
        expect(svc.healthcheck?.test.join(' ')).toContain('/healthz');
        expect(readFileSync(join(repoRoot, 'services', app, 'src/app.ts'), 'utf8')).toContain('serviceBase(');
        expect(sharedSource).toContain(".get('/healthz'");
      });

      it('waits only for services that exist', () => {
        for (const dep of Object.keys(svc.depends_on ?? {})) expect(Object.keys(compose.services)).toContain(dep);
      });
    });
  }
});
