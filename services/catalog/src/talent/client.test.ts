import { afterEach, describe, expect, it } from 'bun:test';
import { createMemoryLogger } from '@tm/shared';
import { samplePreview } from '../test-support.ts';
import { createTalentClient } from './client.ts';

const servers: { stop(force?: boolean): unknown }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.stop(true);
});

/** A real HTTP peer on 127.0.0.1 and a random port, standing in for the talent service. */
function peer(handler: (req: Request) => Response | Promise<Response>) {
  const seen: URL[] = [];
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: (req) => {
      seen.push(new URL(req.url));
      return handler(req);
    },
  });
  servers.push(server);
  return { baseUrl: `http://127.0.0.1:${server.port}`, seen };
}

describe('talent client', () => {
  it('asks for previews of the service and returns them', async () => {
    const preview = samplePreview();
    const { baseUrl, seen } = peer(() => Response.json({ success: true, data: [preview] }));
    const client = createTalentClient({ baseUrl, timeoutMs: 2_000, logger: createMemoryLogger() });
    expect(await client.pmPreviews('react-developer', 3)).toEqual([preview]);
    expect(seen[0]?.pathname).toBe('/internal/pm-previews');
    expect(seen[0]?.searchParams.get('service')).toBe('react-developer');
    expect(seen[0]?.searchParams.get('limit')).toBe('3');
  });

  it('drops malformed previews and caps the list at the limit', async () => {
    const good = samplePreview();
    const { baseUrl } = peer(() => Response.json({ success: true, data: [{ id: 1 }, good, good, good, good] }));
    const client = createTalentClient({ baseUrl, timeoutMs: 2_000, logger: createMemoryLogger() });
    expect(await client.pmPreviews('react-developer', 3)).toEqual([good, good, good]);
  });

  it('returns an empty list and logs when talent answers 500', async () => {
    const { baseUrl } = peer(() => Response.json({ success: false, error: { code: 'INTERNAL', message: 'x' } }, { status: 500 }));
    const logger = createMemoryLogger();
    const client = createTalentClient({ baseUrl, timeoutMs: 2_000, logger });
    expect(await client.pmPreviews('react-developer', 3)).toEqual([]);
    expect(logger.lines.some((l) => l.level === 'warn' && l.status === 500)).toBe(true);
  });

  it('returns an empty list when the body is not the envelope', async () => {
    const { baseUrl } = peer(() => new Response('<html>gateway error</html>', { headers: { 'content-type': 'text/html' } }));
    const client = createTalentClient({ baseUrl, timeoutMs: 2_000, logger: createMemoryLogger() });
    expect(await client.pmPreviews('react-developer', 3)).toEqual([]);
  });

  it('gives up after the timeout when talent is slow', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const { baseUrl } = peer(async () => {
      await held; // answers only after the client has given up
      return Response.json({ success: true, data: [samplePreview()] });
    });
    const logger = createMemoryLogger();
    const client = createTalentClient({ baseUrl, timeoutMs: 50, logger });
    expect(await client.pmPreviews('react-developer', 3)).toEqual([]);
    expect(logger.lines.some((l) => l.reason === 'timeout')).toBe(true);
    release();
  });

  it('returns an empty list when the connection is refused', async () => {
    const { baseUrl } = peer(() => new Response('unused'));
    for (const s of servers.splice(0)) s.stop(true); // the port is now closed
    const client = createTalentClient({ baseUrl, timeoutMs: 2_000, logger: createMemoryLogger() });
    expect(await client.pmPreviews('react-developer', 3)).toEqual([]);
  });
});
