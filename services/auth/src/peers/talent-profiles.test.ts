import { afterAll, describe, expect, it } from 'bun:test';
import { type DomainError, silentLogger } from '@tm/shared';
import { createHttpTalentProfiles } from './talent-profiles.ts';

// A local stand-in for talent's public profile routes (GET /{pm|resource}/{id}/profile).
const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch(req) {
    const path = new URL(req.url).pathname;
    if (path === '/pm/ada-pm/profile' || path === '/pm/p1/profile') return Response.json({ success: true, data: { id: 'p1', slug: 'ada-pm' } });
    if (path === '/pm/broken/profile') return new Response('oops', { status: 500 });
    return Response.json({ success: false, error: { code: 'PROFILE_NOT_FOUND', message: 'No such profile' } }, { status: 404 });
  },
});
afterAll(() => server.stop(true));
const talent = createHttpTalentProfiles({ url: `http://127.0.0.1:${server.port}`, timeoutMs: 1000, logger: silentLogger });

describe('talent profiles over HTTP', () => {
  it('answers the database id for an id or a slug, and null for a 404', async () => {
    expect(await talent.find('pm', 'ada-pm')).toBe('p1');
    expect(await talent.find('pm', 'p1')).toBe('p1');
    expect(await talent.find('resource', 'ada-pm')).toBeNull();
  });

  it('answers 503 UPSTREAM_UNAVAILABLE when talent fails or cannot be reached', async () => {
    const codeOf = (p: Promise<unknown>) =>
      p.then(
        () => 'none',
        (e: DomainError) => e.code,
      );
    expect(await codeOf(talent.find('pm', 'broken'))).toBe('UPSTREAM_UNAVAILABLE');
    const away = createHttpTalentProfiles({ url: 'http://127.0.0.1:1', timeoutMs: 500, logger: silentLogger });
    expect(await codeOf(away.find('pm', 'p1'))).toBe('UPSTREAM_UNAVAILABLE');
  });
});
