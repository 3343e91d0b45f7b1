/**
 * The chat's case of `bun run bench` (also alone: `bun scripts/bench/chat.ts`, or BENCH_ONLY=chat).
 * Bookings' facts and auth's JWKS are served by this process (a stand-in: the case measures
 * messaging, not them). Two shapes, each with its own messaging processes:
 *   - one messaging process on the embedded defaults: S open streams (two per conversation, the
 *     customer's and the PM's), R messages a second spread over the conversations;
 *   - two replicas sharing the MongoDB wire stand-in (the log) and Redis (notices): every stream
 *     held on one replica, every message sent to the other, so each delivery crosses Redis.
 * Reported: delivery latency from the start of the POST to the event on a stream (every stream of
 * the conversation counts), p50/p99, and each messaging process's RSS (VmRSS and VmHWM).
 * Knobs: BENCH_CHAT_STREAMS (200), BENCH_CHAT_RATE (20 a second), BENCH_DURATION_S (8),
 * BENCH_REDIS_URL (redis://127.0.0.1:6379). Every process is stopped by PID at the end.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@tm/shared/tokens';
import { answersOk, createProcessGroup, freePort, type ProcessGroup, type Started, startWithPortRetry, waitFor } from './processes.ts';

export interface ChatShapeResult {
  shape: string;
  streams: number;
  sent: number;
  deliveries: number;
  expected: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  rss: { name: string; rssMb: number; hwmMb: number }[];
  failures: number;
}

export interface ChatBenchResult {
  streams: number;
  ratePerS: number;
  durationS: number;
  shapes: ChatShapeResult[];
  notes: string[];
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const b64url = (data: string | ArrayBuffer) => Buffer.from(typeof data === 'string' ? data : new Uint8Array(data)).toString('base64url');
const url = (p: number) => `http://127.0.0.1:${p}`;

/** A signing key, its JWKS, and access tokens for the bench's customers and PMs. */
async function createSigner() {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const jwk = { ...(await crypto.subtle.exportKey('jwk', pair.publicKey)), kid: 'bench-chat', alg: 'EdDSA', use: 'sig' };
  const header = b64url(JSON.stringify({ alg: 'EdDSA', typ: 'JWT', kid: 'bench-chat' }));
  const sign = async (sub: string, role: 'customer' | 'pm', pid?: string) => {
    const now = Math.floor(Date.now() / 1000);
    const payload = b64url(
      JSON.stringify({
        sub,
        role,
        sid: `bench-${sub}`,
        typ: 'access',
        iss: TOKEN_ISSUER,
        aud: TOKEN_AUDIENCE,
        iat: now,
        exp: now + 3600,
        jti: crypto.randomUUID(),
        ...(pid ? { pid } : {}),
      }),
    );
    const signature = await crypto.subtle.sign('Ed25519', pair.privateKey, new TextEncoder().encode(`${header}.${payload}`));
    return `${header}.${payload}.${b64url(signature)}`;
  };
  return { jwks: { keys: [jwk] }, sign };
}

/** Bookings' facts (`bench-<n>`: customer c-<n>, PM pm-<n>, paid) and auth's JWKS, on one port. */
function startStandIns(jwks: unknown) {
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request) {
      const path = new URL(request.url).pathname;
      if (path === '/.well-known/jwks.json') return Response.json(jwks);
      // Auth's revocation feed, nothing revoked: messaging checks a token's session against it, as the gateway does.
      if (path === '/internal/revocations') return Response.json({ success: true, data: { revoked: [], next: Date.now(), more: false } });
      const m = /^\/internal\/bookings\/bench-(\d+)\/facts$/.exec(path);
      if (!m) return Response.json({ success: false, error: { code: 'BOOKING_NOT_FOUND', message: 'No such booking' } }, { status: 404 });
      const n = m[1];
      const now = new Date().toISOString();
      return Response.json({
        success: true,
        data: {
          id: `bench-${n}`,
          number: `BK-BENCH${String(n).padStart(3, '0').slice(-3)}`,
          status: 'paid',
          market: 'DE',
          customerId: `c-${n}`,
          pm: { id: `pm-${n}`, slug: `pm-${n}`, name: `PM ${n}` },
          serviceIds: ['react-developer'],
          completedAt: null,
          updatedAt: now,
        },
      });
    },
  });
  return { url: url(server.port as number), stop: () => server.stop(true) };
}

function memoryOf(s: Started): { rssMb: number; hwmMb: number } {
  try {
    const status = readFileSync(`/proc/${s.pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
  } catch {
    return { rssMb: Number.NaN, hwmMb: Number.NaN };
  }
}

/** Opens one stream and records, per message id, when its `message` event arrived. */
async function openStream(base: string, bookingId: string, token: string, arrivals: Map<string, number[]>, abort: AbortSignal) {
  const res = await fetch(`${base}/chat/${bookingId}/stream`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, signal: abort });
  if (res.status !== 200 || !res.body) throw new Error(`stream ${bookingId} answered ${res.status}: ${await res.text()}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let opened!: () => void;
  const ready = new Promise<void>((r) => {
    opened = r;
  });
  void (async () => {
    let buffer = '';
    try {
      for (let r = await reader.read(); !r.done; r = await reader.read()) {
        const now = performance.now();
        buffer += decoder.decode(r.value, { stream: true });
        opened();
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (frame.includes('event: message\n')) {
            const data = frame.slice(frame.indexOf('data: ') + 6);
            const id = (JSON.parse(data) as { id: string }).id;
            const list = arrivals.get(id) ?? [];
            list.push(now);
            arrivals.set(id, list);
          }
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  await ready;
}

/** One shape: streams on `streamBase`, sends to `sendBase`, for `durationS` at `ratePerS`. */
async function measureShape(o: {
  shape: string;
  streamBase: string;
  sendBase: string;
  streams: number;
  ratePerS: number;
  durationS: number;
  sign: Awaited<ReturnType<typeof createSigner>>['sign'];
  processes: Started[];
  log: (m: string) => void;
}): Promise<ChatShapeResult> {
  const conversations = Math.max(1, Math.floor(o.streams / 2));
  const tokens = await Promise.all(
    Array.from({ length: conversations }, async (_, n) => ({ customer: await o.sign(`c-${n}`, 'customer'), pm: await o.sign(`u-pm-${n}`, 'pm', `pm-${n}`) })),
  );
  const arrivals = new Map<string, number[]>();
  const abort = new AbortController();
  o.log(`chat (${o.shape}): opening ${conversations * 2} streams`);
  for (let n = 0; n < conversations; n += 25) {
    await Promise.all(
      tokens
        .slice(n, n + 25)
        .flatMap((t, i) => [
          openStream(o.streamBase, `bench-${n + i}`, t.customer, arrivals, abort.signal),
          openStream(o.streamBase, `bench-${n + i}`, t.pm, arrivals, abort.signal),
        ]),
    );
  }
  // Redis subscriptions of the last streams are on their way.
  await Bun.sleep(300);
  o.log(`chat (${o.shape}): ${o.ratePerS} messages a second for ${o.durationS} s`);
  const sentAt = new Map<string, number>();
  let failures = 0;
  const total = Math.round(o.ratePerS * o.durationS);
  const started = performance.now();
  const sends: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / o.ratePerS;
    const wait = due - performance.now();
    if (wait > 0) await Bun.sleep(wait);
    const n = i % conversations;
    const t = tokens[n];
    if (!t) continue;
    sends.push(
      (async () => {
        const t0 = performance.now();
        const res = await fetch(`${o.sendBase}/chat/bench-${n}/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${i % 2 ? t.pm : t.customer}`, 'content-type': 'application/json' },
          body: JSON.stringify({ body: `Message ${i}: can we meet on 2026-12-01 at 10:30?`, clientMessageId: `m-${i}` }),
        });
        const body = (await res.json()) as { data?: { id: string } };
        if (res.status !== 201 || !body.data) failures++;
        else sentAt.set(body.data.id, t0);
      })(),
    );
  }
  await Promise.all(sends);
  await Bun.sleep(1000);
  const latencies: number[] = [];
  for (const [id, t0] of sentAt) for (const at of arrivals.get(id) ?? []) latencies.push(at - t0);
  const rss = o.processes.map((p) => ({ name: p.name, ...memoryOf(p) }));
  abort.abort();
  return {
    shape: o.shape,
    streams: conversations * 2,
    sent: sentAt.size,
    deliveries: latencies.length,
    expected: sentAt.size * 2,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: Math.max(...latencies),
    rss,
    failures,
  };
}

function startMessaging(group: ProcessGroup, repoRoot: string, name: string, port: number, env: Record<string, string>) {
  return group.spawn(
    name,
    [process.execPath, join(repoRoot, 'services', 'messaging', 'src', 'main.ts')],
    {
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_ENV: 'development',
      MONGODB_URL: '',
      REDIS_URL: '',
      CHAT_MESSAGES_PER_MINUTE: '100000',
      CHAT_MAIL_SWEEP_MS: '3600000',
      ...env,
    },
    repoRoot,
  );
}

/** Runs both shapes with their own processes. */
export async function runChatBench(o: {
  repoRoot: string;
  streams: number;
  ratePerS: number;
  durationS: number;
  redisUrl: string;
  /** Where the replicas' Redis keys go (run.ts deletes its prefix at the end); default a fresh one. */
  redisPrefix?: string;
  log: (m: string) => void;
}): Promise<ChatBenchResult> {
  const workDir = mkdtempSync(join(tmpdir(), 'tm-bench-chat-'));
  const group = createProcessGroup(workDir);
  const signer = await createSigner();
  const standIns = startStandIns(signer.jwks);
  const notes: string[] = [];
  const shapes: ChatShapeResult[] = [];
  const upstreams = { BOOKINGS_URL: standIns.url, AUTH_URL: standIns.url };
  try {
    o.log(`chat: one messaging process on the embedded defaults; logs in ${workDir}`);
    const { port, one } = await startWithPortRetry(group, 'messaging', async () => {
      const port = freePort();
      const one = startMessaging(group, o.repoRoot, 'messaging', port, upstreams);
      await waitFor('messaging /readyz', () => answersOk(`${url(port)}/readyz`), [one]);
      return { port, one };
    });
    shapes.push(await measureShape({ ...o, shape: 'one process, embedded', streamBase: url(port), sendBase: url(port), sign: signer.sign, processes: [one] }));

    o.log('chat: two replicas on the MongoDB wire stand-in and Redis');
    const storePort = freePort();
    const store = group.spawn(
      'mongo-stand-in',
      [process.execPath, join(o.repoRoot, 'scripts', 'bench-scale', 'store.ts')],
      { PORT: String(storePort) },
      o.repoRoot,
    );
    const listening = async () => {
      const socket = await Bun.connect({ hostname: '127.0.0.1', port: storePort, socket: { data() {} } });
      socket.end();
      return true;
    };
    await waitFor('the MongoDB stand-in', listening, [store]);
    const prefix = o.redisPrefix ?? `bench:chat:${crypto.randomUUID()}:`;
    const replicaEnv = { ...upstreams, MONGODB_URL: `mongodb://127.0.0.1:${storePort}/messaging`, REDIS_URL: o.redisUrl, REDIS_PREFIX: prefix };
    const { pa, pb, a, b } = await startWithPortRetry(group, 'the messaging replicas', async () => {
      const [pa, pb] = [freePort(), freePort()];
      const a = startMessaging(group, o.repoRoot, 'messaging-a', pa, replicaEnv);
      const b = startMessaging(group, o.repoRoot, 'messaging-b', pb, replicaEnv);
      await waitFor('messaging-a /readyz', () => answersOk(`${url(pa)}/readyz`), [a, store]);
      await waitFor('messaging-b /readyz', () => answersOk(`${url(pb)}/readyz`), [b, store]);
      return { pa, pb, a, b };
    });
    try {
      shapes.push(await measureShape({ ...o, shape: 'two replicas, Redis', streamBase: url(pb), sendBase: url(pa), sign: signer.sign, processes: [a, b] }));
    } catch (err) {
      notes.push(`Two replicas not measured: ${(err as Error).message}`);
    }
    return { streams: o.streams, ratePerS: o.ratePerS, durationS: o.durationS, shapes, notes };
  } finally {
    await group.stopAll();
    standIns.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** The section BENCHMARKS.md gets. */
export function chatMarkdown(r: ChatBenchResult): string {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const mb = (n: number) => `${n.toFixed(0)} MB`;
  return [
    '## The chat (messaging)',
    '',
    `${r.streams} open streams (a customer's and a PM's per conversation), ${r.ratePerS} messages a second spread over the conversations for ${r.durationS} s, straight to messaging. Latency: from the start of the POST to the \`message\` event on each stream of the conversation.`,
    '',
    '| shape | streams | sent | deliveries (expected) | p50 | p99 | max | RSS (peak) | target |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...r.shapes.map(
      (s) =>
        `| ${s.shape} | ${s.streams} | ${s.sent}${s.failures ? ` (${s.failures} failed)` : ''} | ${s.deliveries} (${s.expected}) | ${ms(s.p50Ms)} | ${ms(s.p99Ms)} | ${ms(s.maxMs)} | ${s.rss.map((p) => `${p.name} ${mb(p.rssMb)} (${mb(p.hwmMb)})`).join(', ')} | ${s.shape.startsWith('one') ? 'p99 < 100 ms' : 'p99 < 250 ms'}, RSS < 300 MB |`,
    ),
    ...(r.notes.length ? ['', ...r.notes] : []),
  ].join('\n');
}

if (import.meta.main) {
  const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  const result = await runChatBench({
    repoRoot: resolve(import.meta.dir, '../..'),
    streams: num('BENCH_CHAT_STREAMS', 200),
    ratePerS: num('BENCH_CHAT_RATE', 20),
    durationS: num('BENCH_DURATION_S', 8),
    redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
    log: (m) => console.log(`[bench] ${m}`),
  });
  console.log(`\n${chatMarkdown(result)}`);
}
