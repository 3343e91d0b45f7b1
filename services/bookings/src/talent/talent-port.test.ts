import { afterAll, describe, expect, it } from 'bun:test';
import { type DomainError, silentLogger } from '@tm/shared';
import { createHttpTalent } from './talent-port.ts';

// A stand-in for talent's public GET /pm/{id}/profile.
const asked: { path: string; requestId: string | null }[] = [];
const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  async fetch(req) {
    const path = new URL(req.url).pathname;
    asked.push({ path, requestId: req.headers.get('x-request-id') });
    if (path === '/pm/ada/profile') return Response.json({ success: true, data: { id: 'p1', slug: 'ada', displayName: 'Ada L.', headline: 'PM' } });
    if (path === '/pm/odd/profile') return Response.json({ success: true, data: { slug: 'odd' } });
    if (path === '/pm/broken/profile') return new Response('oops', { status: 500 });
    if (path === '/pm/slow/profile') await Bun.sleep(500);
    return Response.json({ success: false, error: { code: 'PROFILE_NOT_FOUND', message: 'No such profile' } }, { status: 404 });
  },
});
afterAll(() => server.stop(true));
const talent = createHttpTalent({ baseUrl: `http://127.0.0.1:${server.port}`, timeoutMs: 200, logger: silentLogger });
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'none',
    (e: DomainError) => e.code,
  );

describe('the talent port over the service client', () => {
  it('answers the PM a booking keeps for an active profile, forwarding the request id', async () => {
    expect(await talent.findActivePm('ada', 'req-talent-123')).toEqual({ id: 'p1', slug: 'ada', name: 'Ada L.' });
    expect(asked.at(-1)).toEqual({ path: '/pm/ada/profile', requestId: 'req-talent-123' });
  });

  it('answers undefined for a 404 (no active PM by that id or slug)', async () => {
    expect(await talent.findActivePm('nobody')).toBeUndefined();
  });

  it('answers 503 UPSTREAM_UNAVAILABLE for a failing, slow or contract-breaking talent', async () => {
    expect(await codeOf(talent.findActivePm('broken'))).toBe('UPSTREAM_UNAVAILABLE');
    expect(await codeOf(talent.findActivePm('slow'))).toBe('UPSTREAM_UNAVAILABLE');
    expect(await codeOf(talent.findActivePm('odd'))).toBe('UPSTREAM_UNAVAILABLE');
  });
});
