/**
 * `bun services/gateway/src/bench/answer-parts.ts`: microseconds per call of the small per-request
 * parts the fourth pass of docs/benchmarks.md looked at, each against the same loop without it:
 * the policy's six headers (five RateLimit fields and the request id) put on a service's response
 * with `Headers.set` (as handOver does), with `append`, and as a new Response from one array of
 * pairs; the response's header hygiene (stripResponseHeaders: one forEach over its names) against
 * `has` on each dropped name (tried in the fourth pass and not kept); SERVICE_HEADERS=3 gives the
 * service's answer 3 headers instead of 6; and the access line (the logger's `info('request', fields)` inside a request scope).
 */
import { createLogger, runInRequestScope } from '@tm/shared';
import { RESPONSE_DROPPED, stripResponseHeaders } from '../proxy/headers.ts';

const N = Number(process.argv[2] ?? 300_000);
const body = 'x'.repeat(2000);
/** What a service's answer carries (fetch's Response of a catalog answer). */
const SIX_HEADERS: Record<string, string> = {
  'content-length': '2999',
  'content-type': 'application/json;charset=utf-8',
  date: 'Thu, 26 Nov 2026 16:00:00 GMT',
  etag: '"abc"',
  vary: 'X-Country, X-Lang',
  'x-request-id': 'abcdefabcdefabcdefabcdefabcdefab',
};
const SERVICE_HEADERS = process.env.SERVICE_HEADERS === '3' ? Object.fromEntries(Object.entries(SIX_HEADERS).slice(0, 3)) : SIX_HEADERS;
const policySet = (i: number): Record<string, string> => ({
  'ratelimit-limit': '1000000000',
  'ratelimit-remaining': String(999_999_999 - i),
  'ratelimit-reset': '60',
  'ratelimit-policy': '"anonymous";q=1000000000;w=60',
  ratelimit: `"anonymous";r=${999_999_999 - i};t=60`,
  'x-request-id': '0123456789abcdef0123456789abcdef',
});
const serviceAnswer = () => new Response(body, { headers: SERVICE_HEADERS });

let sink = 0;
const logger = createLogger('gateway', { write: (line) => (sink += line.length) });
const scope = {
  requestId: '0123456789abcdef0123456789abcdef',
  trace: { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', sampled: false },
};

const cases: Record<string, (i: number) => void> = {
  'response + policy set (nothing applied)': (i) => {
    serviceAnswer().headers;
    policySet(i);
  },
  'response + 6 Headers.set': (i) => {
    const headers = serviceAnswer().headers;
    const set = policySet(i);
    for (const name in set) headers.set(name, set[name] as string);
  },
  'response + 6 Headers.append': (i) => {
    const headers = serviceAnswer().headers;
    const set = policySet(i);
    for (const name in set) headers.append(name, set[name] as string);
  },
  'response + new Response from one array of pairs': (i) => {
    const answer = serviceAnswer();
    const set = policySet(i);
    const pairs: [string, string][] = [];
    answer.headers.forEach((value, name) => {
      pairs.push([name, value]);
    });
    for (const name in set) pairs.push([name, set[name] as string]);
    sink += new Response(answer.body, { status: answer.status, headers: pairs }).status;
  },
  'headers copy (nothing stripped)': () => {
    sink += new Headers(SERVICE_HEADERS).has('etag') ? 1 : 0;
  },
  'headers copy + stripResponseHeaders (one forEach over its names)': () => stripResponseHeaders(new Headers(SERVICE_HEADERS)),
  'headers copy + has() on each dropped name (tried, not kept)': () => {
    const headers = new Headers(SERVICE_HEADERS);
    const encoded = headers.has('content-encoding');
    for (const name of RESPONSE_DROPPED) if (headers.has(name)) headers.delete(name);
    if (encoded) {
      headers.delete('content-encoding');
      headers.delete('content-length');
    }
  },
  'access line (logger.info in a request scope)': (i) =>
    logger.info('request', { method: 'GET', path: '/api/services/catalog', status: 200, durationMs: (i % 1000) / 100, requestId: scope.requestId }),
};

for (let round = 1; round <= 3; round++)
  for (const [name, run] of Object.entries(cases)) {
    const loop = () => {
      for (let i = 0; i < N; i++) run(i);
    };
    const started = performance.now();
    runInRequestScope(scope, loop);
    console.log(`round ${round}: ${name}: ${(((performance.now() - started) * 1000) / N).toFixed(3)} us`);
  }
if (sink < 0) console.log(sink);
