/**
 * The bench's (d): a bare Bun fetch proxy, the floor under the gateway. `/api/<path>` is sent to
 * UPSTREAM_URL`/<path>` with the client's method, headers and body, and the service's response is
 * handed back as it came: no policy, no logging, no header rewriting. What the gateway costs
 * above it is the cost of its policies; what it costs above nginx is Bun's fetch as a proxy.
 * Run as its own process by scripts/bench/system.ts (PORT, UPSTREAM_URL).
 */
import { pooledFetch } from './pooled-client-proto.ts';

const upstream = process.env.UPSTREAM_URL;
const port = Number(process.env.PORT);
if (!upstream || !Number.isInteger(port)) throw new Error('UPSTREAM_URL and PORT are required');

// UPSTREAM_CLIENT=proto: the step-1 prototype over Bun.connect instead of fetch (scripts/bench/upstream-client.ts).
const client: (url: string, init: RequestInit & { headers: Headers }) => Promise<Response> = process.env.UPSTREAM_CLIENT === 'proto' ? pooledFetch : fetch;

const server = Bun.serve({
  hostname: '127.0.0.1',
  port,
  fetch(request) {
    const url = request.url;
    const path = url.indexOf('/api/', url.indexOf('://') + 3);
    if (path < 0) return new Response(null, { status: 404 });
    return client(`${upstream}${url.slice(path + 4)}`, { method: request.method, headers: request.headers, body: request.body, redirect: 'manual' });
  },
});
console.log(`bare proxy on ${server.port} -> ${upstream}`);
process.on('SIGTERM', () => {
  server.stop(true);
  process.exit(0);
});
