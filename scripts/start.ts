/**
 * `bun run start`: the whole system on one machine with embedded defaults (no MongoDB, Redis,
 * SMTP or SMS provider needed). Ports and URLs come from DESIGN.md's variables, each overridable.
 */
import { resolve } from 'node:path';
import { createLogger, loadConfig, read } from '@tm/shared';
import { acceptedFormOf, generateServiceCredential, parseServiceCredential } from '@tm/shared/http';
import { EXIT_CONFIG, loadConfigOrExit } from '@tm/shared/process';
import { superviseServices } from './supervisor.ts';

const logger = createLogger('supervisor', { level: process.env.LOG_LEVEL });
const log = ({ msg, level, ...fields }: Record<string, unknown>) => (level === 'error' ? logger.error : logger.info)(String(msg), fields);

// Checked like any service's configuration: a bad port is named (and exits 78) before anything starts.
const config = loadConfigOrExit(logger, () =>
  loadConfig(process.env, {
    HOST: read.string('127.0.0.1'),
    GATEWAY_PORT: read.port(8080),
    AUTH_PORT: read.port(8081),
    CATALOG_PORT: read.port(8082),
    TALENT_PORT: read.port(8083),
    BOOKINGS_PORT: read.port(8084),
    MESSAGING_PORT: read.port(8085),
    CONTENT_PORT: read.port(8086),
    REVIEWS_PORT: read.port(8087),
    SEARCH_PORT: read.port(8088),
    GROWTH_PORT: read.port(8089),
    ASSISTANT_PORT: read.port(8090),
    AUTH_URL: read.optionalUrl(['http:', 'https:']),
    CATALOG_URL: read.optionalUrl(['http:', 'https:']),
    TALENT_URL: read.optionalUrl(['http:', 'https:']),
    BOOKINGS_URL: read.optionalUrl(['http:', 'https:']),
    MESSAGING_URL: read.optionalUrl(['http:', 'https:']),
    CONTENT_URL: read.optionalUrl(['http:', 'https:']),
    REVIEWS_URL: read.optionalUrl(['http:', 'https:']),
    SEARCH_URL: read.optionalUrl(['http:', 'https:']),
    GROWTH_URL: read.optionalUrl(['http:', 'https:']),
    ASSISTANT_URL: read.optionalUrl(['http:', 'https:']),
    PUBLIC_SITE_URL: read.optionalUrl(['http:', 'https:']),
  }),
);
const host = config.HOST;
const ports = {
  gateway: config.GATEWAY_PORT,
  auth: config.AUTH_PORT,
  catalog: config.CATALOG_PORT,
  talent: config.TALENT_PORT,
  bookings: config.BOOKINGS_PORT,
  messaging: config.MESSAGING_PORT,
  content: config.CONTENT_PORT,
  reviews: config.REVIEWS_PORT,
  search: config.SEARCH_PORT,
  growth: config.GROWTH_PORT,
  assistant: config.ASSISTANT_PORT,
};
const local = (p: number) => `http://127.0.0.1:${p}`;
const urls = {
  AUTH_URL: config.AUTH_URL ?? local(ports.auth),
  CATALOG_URL: config.CATALOG_URL ?? local(ports.catalog),
  TALENT_URL: config.TALENT_URL ?? local(ports.talent),
  BOOKINGS_URL: config.BOOKINGS_URL ?? local(ports.bookings),
  MESSAGING_URL: config.MESSAGING_URL ?? local(ports.messaging),
  CONTENT_URL: config.CONTENT_URL ?? local(ports.content),
  REVIEWS_URL: config.REVIEWS_URL ?? local(ports.reviews),
  SEARCH_URL: config.SEARCH_URL ?? local(ports.search),
  GROWTH_URL: config.GROWTH_URL ?? local(ports.growth),
  ASSISTANT_URL: config.ASSISTANT_URL ?? local(ports.assistant),
  // Dev payment links (the dev provider's succeed/fail URLs) point at the gateway.
  PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL || `http://localhost:${ports.gateway}`,
  PUBLIC_SITE_URL: config.PUBLIC_SITE_URL ?? `http://localhost:${ports.gateway}`,
};

const names: (keyof typeof ports)[] = ['auth', 'catalog', 'talent', 'bookings', 'messaging', 'content', 'reviews', 'search', 'growth', 'assistant', 'gateway'];

// Service credentials (docs/service-kit.md): one per service, generated at each start unless this
// environment names it (`<NAME>_SERVICE_CREDENTIAL`, as tests/e2e/support/system.ts does). Each
// child gets its own as SERVICE_CREDENTIAL and every service's, as digests, in
// SERVICE_CREDENTIALS_ACCEPTED (replacing any single one here: one shared by all would name no caller).
const credentials = Object.fromEntries(names.map((name) => [name, ownCredential(name)])) as Record<keyof typeof ports, string>;
const accepted = names.map((name) => acceptedFormOf(credentials[name])).join(',');
const credentialEnv = (name: keyof typeof ports) => ({ SERVICE_CREDENTIAL: credentials[name], SERVICE_CREDENTIALS_ACCEPTED: accepted });

function ownCredential(name: keyof typeof ports): string {
  const variable = `${name.toUpperCase()}_SERVICE_CREDENTIAL`;
  const given = process.env[variable];
  if (!given) return generateServiceCredential(name);
  if (parseServiceCredential(given)?.caller !== name) {
    logger.error('invalid configuration', { problems: [`${variable}: must be ${name}.<secret> (a secret of 32 or more URL-safe characters)`] });
    process.exit(EXIT_CONFIG);
  }
  return given;
}

// Every child gets this process's environment plus its own HOST and PORT. Auth and the assistant
// (their per-IP quotas) always trust one X-Forwarded-For hop here: the gateway in front of them
// writes exactly one, whatever TRUST_PROXY the gateway itself is given.
const service = (name: keyof typeof ports) => ({
  name,
  cmd: [process.execPath, `services/${name}/src/main.ts`],
  env: { ...urls, ...credentialEnv(name), HOST: host, PORT: String(ports[name]), ...(name === 'auth' || name === 'assistant' ? { TRUST_PROXY: '1' } : {}) },
});

const supervisor = superviseServices(names.map(service), {
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
