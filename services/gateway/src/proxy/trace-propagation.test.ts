import { describe, expect, it } from 'bun:test';
import { createMemoryLogger, parseTraceparent } from '@tm/shared';
import { gatewayTestPeers, req } from '../testing/gateway.ts';

const env = gatewayTestPeers();

describe('trace context through the proxy (traces off)', () => {
  it("passes the caller's traceparent on, and logs its trace id", async () => {
    const logger = createMemoryLogger('gateway');
    const app = env.gateway({ logger });
    const header = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    await app.handle(req('/api/services/x', { headers: { traceparent: header, 'x-request-id': 'trace-req-0001' } }));
    expect(env.peer.seen.at(-1)?.headers.get('traceparent')).toBe(header);
    expect(logger.lines.filter((l) => l.requestId === 'trace-req-0001').every((l) => l.traceId === '0af7651916cd43dd8448eb211c80319c')).toBe(true);
  });

  it('starts a trace for a request without one (or with a malformed one), a new trace each time', async () => {
    const app = env.gateway();
    await app.handle(req('/api/services/x'));
    const first = parseTraceparent(env.peer.seen.at(-1)?.headers.get('traceparent'));
    await app.handle(req('/api/services/x', { headers: { traceparent: 'not-a-traceparent' } }));
    const second = parseTraceparent(env.peer.seen.at(-1)?.headers.get('traceparent'));
    expect(first?.sampled).toBe(true);
    expect(second?.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(second?.traceId).not.toBe(first?.traceId);
  });
});
