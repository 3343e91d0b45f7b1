/**
 * The checkout case of `bun run bench`: virtual customers, each looping create booking ->
 * create payment -> dev succeed through the gateway, for a fixed time. Reports checkouts/s and
 * p50/p99 per step, and from one probe checkout run alone, the document writes of each step and
 * the catalog calls per booking (bookings' GET /internal/metrics).
 */
import { BENCH_INTERNAL_HEADERS } from './processes.ts';

/** What one checkout run found. */
export interface CheckoutResult {
  customers: number;
  durationS: number;
  checkouts: number;
  checkoutsPerS: number;
  failures: number;
  firstFailure?: string;
  steps: { step: string; p50Ms: number; p99Ms: number }[];
  writesPerStep: Record<string, number>;
  catalogCallsPerBooking: number;
}

const STEPS = ['create booking', 'create payment', 'dev succeed'] as const;

const b64url = (data: string | ArrayBuffer) => Buffer.from(typeof data === 'string' ? data : new Uint8Array(data)).toString('base64url');

/** An Ed25519 key pair for auth to sign with (JWT_PRIVATE_KEY as PKCS#8 PEM), made with Web Crypto (scripts/ has no jose). */
export async function generateSigningKey(): Promise<{ privateKey: CryptoKey; pem: string }> {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const der = Buffer.from(await crypto.subtle.exportKey('pkcs8', pair.privateKey)).toString('base64');
  return { privateKey: pair.privateKey, pem: `-----BEGIN PRIVATE KEY-----\n${der.match(/.{1,64}/g)?.join('\n')}\n-----END PRIVATE KEY-----\n` };
}

/** Signs customer access tokens with the key auth was started with (auth publishes its kid in its JWKS). */
export async function customerTokenSigner(privateKey: CryptoKey, authUrl: string) {
  const jwks = (await (await fetch(`${authUrl}/.well-known/jwks.json`)).json()) as { keys: { kid?: string }[] };
  const header = b64url(JSON.stringify({ alg: 'EdDSA', typ: 'JWT', kid: jwks.keys[0]?.kid ?? '' }));
  return async (sub: string) => {
    const now = Math.floor(Date.now() / 1000);
    const payload = b64url(
      JSON.stringify({
        sub,
        role: 'customer',
        sid: `bench-${sub}`,
        typ: 'access',
        iss: 'talent-marketplace-auth',
        aud: 'talent-marketplace-api',
        iat: now,
        exp: now + 900,
        jti: crypto.randomUUID(),
      }),
    );
    const signature = await crypto.subtle.sign('Ed25519', privateKey, new TextEncoder().encode(`${header}.${payload}`));
    return `${header}.${payload}.${b64url(signature)}`;
  };
}

async function post(url: string, token: string, body?: unknown): Promise<{ status: number; data: any; text: string }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let data: any;
  try {
    data = JSON.parse(text).data;
  } catch {}
  return { status: res.status, data, text };
}

/** One checkout; the time of each step in ms, or throws with what failed. */
async function checkout(api: string, token: string, cart: unknown, between?: (step: string) => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  let t0 = performance.now();
  const booking = await post(`${api}/bookings`, token, cart);
  times.push(performance.now() - t0);
  if (booking.status !== 201) throw new Error(`create booking: ${booking.status} ${booking.text.slice(0, 200)}`);
  await between?.(STEPS[0]);
  t0 = performance.now();
  const payment = await post(`${api}/payments`, token, { bookingId: booking.data.id });
  times.push(performance.now() - t0);
  if (payment.status !== 201) throw new Error(`create payment: ${payment.status} ${payment.text.slice(0, 200)}`);
  await between?.(STEPS[1]);
  t0 = performance.now();
  const paid = await post(`${api}/payments/${payment.data.id}/dev/succeed`, token);
  times.push(performance.now() - t0);
  if (paid.status !== 200 || paid.data?.status !== 'succeeded') throw new Error(`dev succeed: ${paid.status} ${paid.text.slice(0, 200)}`);
  await between?.(STEPS[2]);
  return times;
}

/** The customer accepts the market's terms in effect once (the checkout gate), as a person does before their first booking. */
async function acceptTerms(api: string, token: string): Promise<void> {
  const terms = await fetch(`${api}/legal/terms`);
  const version = ((await terms.json()) as { data: { version: number } }).data.version;
  const accepted = await post(`${api}/legal/acceptances`, token, { type: 'terms', version });
  if (accepted.status !== 201 && accepted.status !== 200) throw new Error(`accept the terms: ${accepted.status} ${accepted.text.slice(0, 200)}`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Measures the checkout through `gateway` with `customers` concurrent customers for `durationS`. */
export async function runCheckout(o: {
  gateway: string;
  bookings: string;
  sign: (sub: string) => Promise<string>;
  customers: number;
  durationS: number;
  cart: unknown;
}): Promise<CheckoutResult> {
  const api = `${o.gateway}/api`;
  const metrics = async () =>
    (
      (await (await fetch(`${o.bookings}/internal/metrics`, { headers: BENCH_INTERNAL_HEADERS })).json()) as {
        data: { documentWrites: number; catalogCalls: number };
      }
    ).data;

  // The probe: one checkout alone, with the counters read between the steps.
  const probeToken = await o.sign('bench-probe');
  await acceptTerms(api, probeToken);
  let before = await metrics();
  const writesPerStep: Record<string, number> = {};
  const startCalls = before.catalogCalls;
  await checkout(api, probeToken, o.cart, async (step) => {
    const now = await metrics();
    writesPerStep[step] = now.documentWrites - before.documentWrites;
    before = now;
  });
  const catalogCallsPerBooking = before.catalogCalls - startCalls;

  const tokens = await Promise.all(Array.from({ length: o.customers }, (_, i) => o.sign(`bench-customer-${i}`)));
  await Promise.all(tokens.map((token) => acceptTerms(api, token)));
  const samples: number[][] = [[], [], []];
  let checkouts = 0;
  let failures = 0;
  let firstFailure: string | undefined;
  const deadline = performance.now() + o.durationS * 1000;
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token) => {
      while (performance.now() < deadline) {
        try {
          const times = await checkout(api, token, o.cart);
          for (const [i, ms] of times.entries()) samples[i]?.push(ms);
          checkouts++;
        } catch (err) {
          failures++;
          firstFailure ??= (err as Error).message;
        }
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  return {
    customers: o.customers,
    durationS: o.durationS,
    checkouts,
    checkoutsPerS: checkouts / elapsedS,
    failures,
    ...(firstFailure ? { firstFailure } : {}),
    steps: STEPS.map((step, i) => {
      const sorted = [...(samples[i] ?? [])].sort((a, b) => a - b);
      return { step, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99) };
    }),
    writesPerStep,
    catalogCallsPerBooking,
  };
}

/** The checkout section of BENCHMARKS.md. */
export function checkoutMarkdown(r: CheckoutResult): string {
  const rows = r.steps.map((s) => `| ${s.step} | ${s.p50Ms.toFixed(2)} | ${s.p99Ms.toFixed(2)} | ${r.writesPerStep[s.step] ?? '?'} |`);
  return `## Checkout (bookings)

${r.customers} concurrent customers, each looping create booking -> create payment -> dev succeed through the gateway
for ${r.durationS} s (embedded document store, the dev payment provider, customer tokens signed with auth's key).

- Checkouts: ${r.checkouts} (${r.checkoutsPerS.toFixed(1)} bookings/s), failures: ${r.failures}${r.firstFailure ? ` (first: ${r.firstFailure})` : ''}
- Catalog calls per booking: ${r.catalogCallsPerBooking} (target 1)

| step | p50 ms | p99 ms | document writes (one checkout alone; target <= 3) |
|---|---:|---:|---:|
${rows.join('\n')}

No MongoDB server exists on this machine, so the checkout runs on the embedded store only; bookings uses no Redis.
`;
}
