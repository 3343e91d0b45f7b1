/**
 * Starts what the bench measures, each service as its own process the way production runs it
 * (`bun services/<name>/src/main.ts`, embedded document stores, real Redis for the gateway's
 * limiter and auth's counters under the run's own key prefix), plus nginx in front of the same
 * catalog process.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { HEALTH_PATH, READY_PATH } from '@tm/shared';
import { startNginx } from './nginx.ts';
import { answersOk, freePort, isPortTaken, type ProcessGroup, type Started, waitFor } from './processes.ts';

/** Quotas high enough that the run measures throughput, not 429s; distinct so the bucket shows in RateLimit-Limit. */
export const BENCH_QUOTAS = { anonymous: 50_000_000, authenticated: 60_000_000, authRoutes: 10_000 };

/** Where each measured path listens, once everything answers. */
export interface BenchSystem {
  gateway: string;
  /** The gateway of SystemOptions.baselineRoot, when given. */
  gatewayBaseline?: string;
  /** The second gateway, on node:http, when BENCH_GATEWAY_SERVER=both. */
  gatewayNode?: string;
  nginx: string;
  /** (d) the bare Bun fetch proxy in front of the same catalog (scripts/bench/bare-proxy.ts). */
  bare: string;
  catalog: string;
  auth: string;
  /** Bookings' own URL (its /internal/metrics), when services/bookings exists. */
  bookings?: string;
  /** Content's own URL, when services/content exists (the content case, bookings' checkout gate). */
  content?: string;
  /** Growth's own URL, when services/growth exists (the gateway routes /api/flags*, /api/track and /ofrep/v1 to it). */
  growth?: string;
  /** Set when auth could not be started (the bearer cases then say why they did not run). */
  authProblem?: string;
  admin: { email: string; password: string };
}

/** What starting the system needs from run.ts. */
export interface SystemOptions {
  group: ProcessGroup;
  repoRoot: string;
  workDir: string;
  redisUrl: string;
  redisPrefix: string;
  nginxPath: string;
  /** Auth signs with this key (PKCS#8 PEM), so the checkout case can sign customer tokens. */
  jwtPrivateKeyPem?: string;
  /** The gateway's HTTP_SERVER; `both` starts a second gateway on node:http (BenchSystem.gatewayNode). */
  gatewayServer?: GatewayServerChoice;
  /** Bun flags for the gateway process only (scripts/bench/profile-gateway.ts passes --cpu-prof). */
  gatewayBunArgs?: string[];
  /** Bun flags for the growth process only (scripts/bench/profile-growth.ts passes --cpu-prof). */
  growthBunArgs?: string[];
  /** Further environment for the gateway (and the baseline gateway), e.g. BUN_JSC_logGC=1. */
  gatewayExtraEnv?: Record<string, string>;
  /**
   * Another checkout of the repository (e.g. `git worktree add --detach /tmp/before <commit>` and
   * `bun install` there): its gateway is started too, with the same settings, as `gatewayBaseline`,
   * so two versions of the gateway are compared within one run.
   */
  baselineRoot?: string;
}

/** BENCH_GATEWAY_SERVER: which server carries the gateway, or both side by side. */
export type GatewayServerChoice = 'bun' | 'node' | 'both';
export const isGatewayServerChoice = (v: string): v is GatewayServerChoice => v === 'bun' || v === 'node' || v === 'both';

/** Starts talent, catalog, auth, the gateway and nginx; resolves when each answers. */
export async function startBenchSystem(o: SystemOptions): Promise<BenchSystem> {
  const ports = {
    talent: freePort(),
    catalog: freePort(),
    auth: freePort(),
    gateway: freePort(),
    gatewayNode: freePort(),
    gatewayBaseline: freePort(),
    nginx: freePort(),
    bare: freePort(),
    bookings: freePort(),
    content: freePort(),
    growth: freePort(),
  };
  const url = (port: number) => `http://127.0.0.1:${port}`;
  const common = { HOST: '127.0.0.1', NODE_ENV: 'development', MONGODB_URL: '' };
  const start = (name: string, env: Record<string, string>, service = name, bunArgs: string[] = [], root = o.repoRoot): Started | undefined => {
    const entry = join(root, 'services', service, 'src', 'main.ts');
    if (!existsSync(entry)) return undefined;
    return o.group.spawn(name, [process.execPath, ...bunArgs, entry], { ...common, ...env }, root);
  };
  const admin = { email: 'bench-admin@example.com', password: `bench-${crypto.randomUUID()}` };

  const talent = start('talent', { PORT: String(ports.talent) });
  const catalog = start('catalog', { PORT: String(ports.catalog), TALENT_URL: url(ports.talent) });
  const auth = start('auth', {
    PORT: String(ports.auth),
    REDIS_URL: o.redisUrl,
    REDIS_PREFIX: `${o.redisPrefix}auth:`,
    BOOTSTRAP_ADMIN_EMAIL: admin.email,
    BOOTSTRAP_ADMIN_PASSWORD: admin.password,
    ...(o.jwtPrivateKeyPem ? { JWT_PRIVATE_KEY: o.jwtPrivateKeyPem } : {}),
  });
  // Content: the legal documents and bundles the content case reads, and bookings' checkout gate.
  const content = start('content', { PORT: String(ports.content), AUTH_URL: url(ports.auth) });
  const bookings = start('bookings', {
    PORT: String(ports.bookings),
    AUTH_URL: url(ports.auth),
    CONTENT_URL: url(ports.content),
    CATALOG_URL: url(ports.catalog),
    TALENT_URL: url(ports.talent),
    PUBLIC_BASE_URL: url(ports.gateway),
  });
  // Growth on the embedded defaults (the tracking target is set there); tokens verified against auth's JWKS.
  const growth = start('growth', { PORT: String(ports.growth), AUTH_URL: url(ports.auth) }, 'growth', o.growthBunArgs);
  const gatewayEnv = {
    AUTH_URL: url(ports.auth),
    CATALOG_URL: url(ports.catalog),
    TALENT_URL: url(ports.talent),
    BOOKINGS_URL: url(ports.bookings),
    CONTENT_URL: url(ports.content),
    GROWTH_URL: url(ports.growth),
    PUBLIC_SITE_URL: 'http://bench.localhost',
    REDIS_URL: o.redisUrl,
    REDIS_PREFIX: `${o.redisPrefix}gateway:`,
    RATE_LIMIT_WINDOW_S: '60',
    RATE_LIMIT_ANON: String(BENCH_QUOTAS.anonymous),
    RATE_LIMIT_AUTHENTICATED: String(BENCH_QUOTAS.authenticated),
    RATE_LIMIT_AUTH_ROUTES: String(BENCH_QUOTAS.authRoutes),
    ...o.gatewayExtraEnv,
  };
  const server = o.gatewayServer ?? 'bun';
  const gateway = start(
    'gateway',
    { ...gatewayEnv, PORT: String(ports.gateway), HTTP_SERVER: server === 'node' ? 'node' : 'bun' },
    'gateway',
    o.gatewayBunArgs,
  );
  const gatewayNode = server === 'both' ? start('gateway-node', { ...gatewayEnv, PORT: String(ports.gatewayNode), HTTP_SERVER: 'node' }, 'gateway') : undefined;
  const gatewayBaseline = o.baselineRoot
    ? start(
        'gateway-baseline',
        { ...gatewayEnv, PORT: String(ports.gatewayBaseline), REDIS_PREFIX: `${o.redisPrefix}baseline:` },
        'gateway',
        [],
        o.baselineRoot,
      )
    : undefined;
  if (o.baselineRoot && !gatewayBaseline) throw new Error(`${o.baselineRoot}/services/gateway/src/main.ts does not exist`);
  if (!catalog || !gateway || !talent) throw new Error('services/{talent,catalog,gateway}/src/main.ts must exist to benchmark');

  // READY_PATH, not HEALTH_PATH: indexes, seeding and the bootstrap admin run after the port is bound.
  await waitFor(`talent ${READY_PATH}`, () => answersOk(`${url(ports.talent)}${READY_PATH}`), [talent]);
  await waitFor(`catalog ${READY_PATH}`, () => answersOk(`${url(ports.catalog)}${READY_PATH}`), [catalog]);
  const nginx = await startNginx(o.group, { nginxPath: o.nginxPath, dir: o.workDir, port: ports.nginx, upstreamPort: ports.catalog, cwd: o.repoRoot });
  await waitFor('nginx in front of catalog', () => answersOk(`${url(ports.nginx)}/api/services/catalog`), [nginx]);
  const bare = o.group.spawn(
    'bare-proxy',
    [process.execPath, join(o.repoRoot, 'scripts', 'bench', 'bare-proxy.ts')],
    { ...common, PORT: String(ports.bare), UPSTREAM_URL: url(ports.catalog) },
    o.repoRoot,
  );
  await waitFor('the bare Bun proxy in front of catalog', () => answersOk(`${url(ports.bare)}/api/services/catalog`), [bare]);
  await waitFor(`gateway ${HEALTH_PATH}`, () => answersOk(`${url(ports.gateway)}${HEALTH_PATH}`), [gateway]);
  if (gatewayBaseline) await waitFor(`baseline gateway ${HEALTH_PATH}`, () => answersOk(`${url(ports.gatewayBaseline)}${HEALTH_PATH}`), [gatewayBaseline]);
  if (gatewayNode) await waitFor(`node:http gateway ${HEALTH_PATH}`, () => answersOk(`${url(ports.gatewayNode)}${HEALTH_PATH}`), [gatewayNode]);

  let authProblem: string | undefined;
  if (!auth) authProblem = 'services/auth/src/main.ts does not exist yet';
  else {
    try {
      await waitFor(`auth ${READY_PATH} (bootstrap admin created)`, () => answersOk(`${url(ports.auth)}${READY_PATH}`), [auth]);
    } catch (err) {
      // A taken port is not auth's problem: startWithPortRetry starts the system again.
      if (isPortTaken(err)) throw err;
      authProblem = `auth did not start: ${(err as Error).message.split('\n')[0]}`;
    }
  }
  // The limiter must be on Redis (not its in-memory insurance) before anything is measured.
  for (const [name, port, proc] of [
    ['gateway', ports.gateway, gateway] as const,
    ['node:http gateway', ports.gatewayNode, gatewayNode] as const,
    ['baseline gateway', ports.gatewayBaseline, gatewayBaseline] as const,
  ]) {
    if (!proc) continue;
    await waitFor(
      `${name} ${READY_PATH} to report Redis up`,
      async () => {
        const body = (await (await fetch(`${url(port)}${READY_PATH}`)).json()) as { dependencies?: Record<string, { status?: string }> };
        return body.dependencies?.redis?.status === 'up';
      },
      [proc],
      15_000,
    );
  }

  if (content) await waitFor(`content ${READY_PATH} (seeded)`, () => answersOk(`${url(ports.content)}${READY_PATH}`), [content]);
  if (bookings) await waitFor('bookings /healthz', () => answersOk(`${url(ports.bookings)}/healthz`), [bookings]);
  if (growth) await waitFor(`growth ${READY_PATH}`, () => answersOk(`${url(ports.growth)}${READY_PATH}`), [growth]);
  return {
    gateway: url(ports.gateway),
    ...(gatewayNode ? { gatewayNode: url(ports.gatewayNode) } : {}),
    ...(gatewayBaseline ? { gatewayBaseline: url(ports.gatewayBaseline) } : {}),
    nginx: url(ports.nginx),
    bare: url(ports.bare),
    catalog: url(ports.catalog),
    auth: url(ports.auth),
    ...(bookings ? { bookings: url(ports.bookings) } : {}),
    ...(content ? { content: url(ports.content) } : {}),
    ...(growth ? { growth: url(ports.growth) } : {}),
    authProblem,
    admin,
  };
}

/** How the bearer cases get their token, as BENCHMARKS.md says it. */
export const TOKEN_SOURCE = "the bootstrap admin's staff login, POST /api/auth/staff-password-login through the gateway";

/**
 * An access token from auth through the gateway: the bootstrap admin's staff login. (Not a guest
 * session: guests are counted per IP like anonymous callers, so they would not exercise the per-sub bucket.)
 */
export async function obtainAccessToken(gateway: string, admin: { email: string; password: string }): Promise<string> {
  const path = '/api/auth/staff-password-login';
  const res = await fetch(`${gateway}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: admin.email, password: admin.password }),
  });
  const json = (await res.json().catch(() => ({}))) as { data?: { accessToken?: string } };
  if (res.ok && typeof json.data?.accessToken === 'string') return json.data.accessToken;
  throw new Error(`no access token from auth: POST ${path} answered ${res.status}: ${JSON.stringify(json).slice(0, 200)}`);
}
