import { describe, expect, it } from 'bun:test';
import { createReviewsUnderTest } from '@tm/reviews/testing';
import { createManualClock, silentLogger } from '@tm/shared';
import { TEST_SERVICE_CREDENTIAL } from '@tm/shared/testing';
import { SITE_CACHE_TTL_MS } from './artifacts.ts';
import { createSiteRoutes } from './routes.ts';

const ORIGIN = 'https://market.example';
const SERVICE_ID = 'a'.repeat(24);
const PM_ID = 'b'.repeat(24);
const lines = (items: unknown[]) => `${[...items, { end: true, count: items.length }].map((x) => JSON.stringify(x)).join('\n')}\n`;
const catalogIndex = lines([
  {
    _id: SERVICE_ID,
    slug: 'react-developer',
    kind: 'role',
    category: 'frontend',
    name: 'React Developer',
    summary: 'Web apps',
    markets: ['DE'],
    updatedAt: '2026-06-01T00:00:00.000Z',
    prices: [{ market: 'DE', currency: 'EUR', hourlyRate: 9_000 }],
  },
]);
const talentIndex = lines([
  {
    id: PM_ID,
    slug: 'ada-pm',
    kind: 'pm',
    displayName: 'Ada PM',
    headline: 'Delivery lead',
    skills: ['Scrum'],
    location: 'DE',
    updatedAt: '2026-06-02T00:00:00.000Z',
  },
  {
    id: 'c'.repeat(24),
    slug: 'bo-pm',
    kind: 'pm',
    displayName: 'Bo PM',
    headline: 'Delivery lead',
    skills: ['Scrum'],
    location: 'DE',
    updatedAt: '2026-06-02T00:00:00.000Z',
  },
]);

/**
 * Site files over fixed catalog and talent indexes and the real reviews app (its ratings index
 * through app.handle), where a test publishes, hides and restores reviews between builds.
 */
async function site() {
  const reviews = await createReviewsUnderTest();
  const state = { reviewsUp: true };
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    if (url.host === 'reviews') {
      if (!state.reviewsUp) throw new TypeError('connection refused');
      return reviews.app.handle(new Request(`http://localhost${url.pathname}`, { headers: init?.headers }));
    }
    const body = url.host === 'talent' ? talentIndex : catalogIndex;
    const etag = `"${Bun.hash(body).toString(36)}"`;
    if (new Headers(init?.headers).get('if-none-match') === etag) return new Response(null, { status: 304, headers: { etag } });
    return new Response(body, { headers: { etag, 'content-type': 'application/x-ndjson' } });
  }) as typeof globalThis.fetch;
  const clock = createManualClock();
  const app = createSiteRoutes({
    serviceCredential: TEST_SERVICE_CREDENTIAL,
    fetch,
    upstreams: { catalog: 'http://catalog', talent: 'http://talent', reviews: 'http://reviews' },
    clock,
    logger: silentLogger,
    timeoutMs: 1_000,
    origin: ORIGIN,
    rateLimits: { quotas: { anonymous: 300, authenticated: 600, 'auth-routes': 30 }, windowS: 60 },
  });
  const text = async (path: string) => (await app.handle(new Request(`http://localhost${path}`))).text();
  /** The next refresh (the TTL passed), waited for until `ok` holds for /llms-full.txt (at most ~1 s). */
  const nextBuild = async (ok: (full: string) => boolean) => {
    clock.advance(SITE_CACHE_TTL_MS);
    let full = await text('/llms-full.txt');
    for (let i = 0; i < 500 && !ok(full); i++) {
      await Bun.sleep(2);
      full = await text('/llms-full.txt');
    }
    return full;
  };

  // A customer's review of a completed booking of the service with the PM, published once the PM has written too.
  const customer = await reviews.tokenFor('customer', 'cust-1');
  const pm = await reviews.tokenFor('pm', 'pm-acct-1', PM_ID);
  const completedAt = new Date(reviews.clock.now() - 86_400_000).toISOString();
  reviews.bookings.set('b1', {
    id: 'b1',
    number: 'TM-1',
    status: 'completed',
    market: 'DE',
    customerId: customer.sub,
    pm: { id: PM_ID, slug: 'ada-pm', name: 'Ada PM' },
    serviceIds: [SERVICE_ID],
    completedAt,
    updatedAt: completedAt,
  });
  const publish = async () => {
    const text = 'Clear plans, weekly updates and the launch landed on the agreed day.';
    const mine = await reviews.call('POST', '/reviews', { token: customer.token, body: { bookingId: 'b1', rating: 4, text } });
    await reviews.call('POST', '/reviews', { token: pm.token, body: { bookingId: 'b1', rating: 5, text } });
    return mine.body.data.id as string;
  };
  const admin = await reviews.tokenFor('admin');
  const hide = (id: string) => reviews.call('POST', `/reviews/${id}/hide`, { token: admin.token, body: { reasonCode: 'spam' } });
  return { text, nextBuild, publish, hide, state };
}

const line = (full: string, name: string) => full.split('\n').find((l) => l.startsWith(`- [${name}]`)) ?? '';

describe("ratings in the site files' entries", () => {
  it('shows a published review on the service and PM entries at the next refresh, in every file listing them, and takes a hidden one out', async () => {
    const { text, nextBuild, publish, hide } = await site();
    const before = await text('/llms-full.txt');
    expect(line(before, 'React Developer')).toContain('Hourly rate: 90.00 EUR/h in DE.');
    expect(before).not.toContain('Rated');

    const id = await publish();
    const after = await nextBuild((full) => full.includes('Rated'));
    expect(line(after, 'React Developer')).toContain('Hourly rate: 90.00 EUR/h in DE. Rated 4/5 from 1 review on this site. (JSON:');
    expect(line(after, 'Ada PM')).toContain('Rated 4/5 from 1 review on this site.');
    expect(line(after, 'Bo PM')).not.toContain('Rated');
    expect(line(await text('/llms/frontend.txt'), 'React Developer')).toContain('Rated 4/5 from 1 review');
    expect(line(await text('/llms/talent-pm.txt'), 'Ada PM')).toContain('Rated 4/5 from 1 review');

    await hide(id);
    const hidden = await nextBuild((full) => !full.includes('Rated'));
    expect(hidden).not.toContain('Rated');
    expect(line(hidden, 'React Developer')).toContain('Hourly rate: 90.00 EUR/h in DE.');
  });

  it('builds the files without ratings while reviews is away, and with them once it is back', async () => {
    const { text, nextBuild, publish, state } = await site();
    await publish();
    state.reviewsUp = false;
    const away = await text('/llms-full.txt');
    expect(line(away, 'React Developer')).toContain('Hourly rate');
    expect(away).not.toContain('Rated');
    state.reviewsUp = true;
    expect(line(await nextBuild((full) => full.includes('Rated')), 'Ada PM')).toContain('Rated 4/5 from 1 review');
  });
});
