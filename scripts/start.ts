/**
 * `bun run start`: the whole system on one machine with embedded defaults (no MongoDB, Redis,
 * SMTP or SMS provider needed). Ports and URLs come from DESIGN.md's variables, each overridable.
 */
import { resolve } from 'node:path';
// scripts/ is no workspace, so the shared constant is imported from its source.
import { EXIT_CONFIG } from '../packages/shared/src/process.ts';
import { superviseServices } from './supervisor.ts';

const env = process.env;
const host = env.HOST ?? '127.0.0.1';
const port = (name: string, fallback: number) => env[name] ?? String(fallback);
const ports = {
  gateway: port('GATEWAY_PORT', 8080),
  auth: port('AUTH_PORT', 8081),
  catalog: port('CATALOG_PORT', 8082),
  talent: port('TALENT_PORT', 8083),
};
const local = (p: string) => `http://127.0.0.1:${p}`;
const urls = {
  AUTH_URL: env.AUTH_URL ?? local(ports.auth),
  CATALOG_URL: env.CATALOG_URL ?? local(ports.catalog),
  TALENT_URL: env.TALENT_URL ?? local(ports.talent),
  PUBLIC_SITE_URL: env.PUBLIC_SITE_URL ?? `http://localhost:${ports.gateway}`,
};
const log = (fields: Record<string, unknown>) => console.log(JSON.stringify({ ts: new Date().toISOString(), level: 'info', service: 'supervisor', ...fields }));

const service = (name: keyof typeof ports) => ({
  name,
  cmd: [process.execPath, `services/${name}/src/main.ts`],
  env: { ...urls, HOST: host, PORT: ports[name] },
});

const supervisor = superviseServices([service('auth'), service('catalog'), service('talent'), service('gateway')], {
  cwd: resolve(import.meta.dir, '..'),
  log,
  // A configuration one service refuses would be refused again: stop everything and say so.
  onConfigRefused: (name) => void stopAll(`${name} refused its configuration (see its log line above)`, EXIT_CONFIG),
});
log({ msg: 'system starting', gateway: `http://${host === '0.0.0.0' ? 'localhost' : host}:${ports.gateway}`, ...urls });

let stopping = false;
async function stopAll(reason: string, exitCode: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  log({ msg: 'stopping all services', reason });
  await supervisor.stop();
  process.exit(exitCode);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stopAll(signal, 0));
