import { describe, expect, it, spyOn } from 'bun:test';
import { IndexTrailerSchema, TalentIndexLineSchema } from '@tm/contracts';
import { createMemoryLogger, systemClock } from '@tm/shared';
import { validatorOf } from '@tm/shared/http';
import { SERVING_KEEPER, streamed } from '@tm/shared/search';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { INTERNAL_CALL_HEADERS, indexLines, TEST_INTERNAL_CALLERS, waitFor } from '@tm/shared/testing';
import { loadSyntheticProfiles } from '../../scripts/bench-data.ts';
import { createApp } from '../app.ts';
import { createSeededApp } from '../testing.ts';
import { createTalentDirectory } from './directory.ts';
import { createProfileRepository } from './repository.ts';
import { loadSeedProfiles, prepareProfileStore } from './seed.ts';

describe('talent whole lists', () => {
  it('serves the sitemap with an ETag and Cache-Control, and 304 to a matching If-None-Match', async () => {
    const { get } = await createSeededApp();
    const first = await get('/talent/sitemap');
    const etag = first.headers.get('etag') as string;
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const again = await get('/talent/sitemap', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await get('/talent/sitemap', { headers: { 'if-none-match': '"stale"' } })).status).toBe(200);
  });

  it('streams the talent index as lines in slug order with a trailer counting them', async () => {
    const { get } = await createSeededApp();
    const res = await get('/internal/talent-index.ndjson');
    const text = await res.text();
    // Streamed from the snapshot, not kept: the ETag is the hash of exactly these bytes.
    expect(res.headers.get('etag')).toBe((await streamed(() => [text])).etag);
    const json = await (await get('/internal/talent-index')).json();
    const { entries: lines, trailer } = indexLines(text);
    expect(json.data.map((e: { slug: string }) => e.slug)).toEqual(lines.map((l) => l.slug));
    expect(validatorOf(IndexTrailerSchema).Check(trailer)).toBe(true);
    const listed = loadSeedProfiles().filter((p) => p.active && p.indexable);
    expect(trailer.count).toBe(listed.length);
    const check = validatorOf(TalentIndexLineSchema);
    for (const l of lines) expect(check.Check(l)).toBe(true);
    expect(lines.map((l) => l.slug)).toEqual(listed.map((p) => p.slug).sort());
    expect((await get('/internal/talent-index.ndjson', { headers: { 'if-none-match': res.headers.get('etag') as string } })).status).toBe(304);
  });
});

describe('seed availability dates', () => {
  it('are never in the past on the day the seed is loaded', () => {
    const later = Date.UTC(2027, 5, 1);
    const today = new Date(later).toISOString().slice(0, 10);
    for (const p of loadSeedProfiles(later)) expect(p.availability.nextAvailableDate >= today).toBe(true);
    for (const p of loadSeedProfiles()) expect(p.availability.nextAvailableDate >= new Date().toISOString().slice(0, 10)).toBe(true);
  });
});

describe('seed version marker', () => {
  it('skips the seed when the store already holds this seed version, and runs it for a new one', async () => {
    const repo = createProfileRepository(createEmbeddedDocumentStore());
    const now = Date.UTC(2026, 11, 1);
    expect((await prepareProfileStore(repo, { seed: true, onlyIfChanged: true, now })).seeded).toBeGreaterThan(0);
    expect((await prepareProfileStore(repo, { seed: true, onlyIfChanged: true, now })).seeded).toBe(0);
    const before = await repo.seededVersion();
    await prepareProfileStore(repo, { seed: true, onlyIfChanged: true, now: now + 86_400_000 });
    expect(await repo.seededVersion()).not.toBe(before);
  });
});

describe('the talent index in the log', () => {
  it('is asked by every gateway every 30 s (its site files), so its answers are logged at debug, not info', async () => {
    const documents = createEmbeddedDocumentStore();
    const repo = createProfileRepository(documents);
    await prepareProfileStore(repo, { seed: true });
    const logger = createMemoryLogger('talent', 'debug');
    const directory = createTalentDirectory({ repo, clock: systemClock, maxAgeMs: 5_000, logger });
    await directory.refresh();
    const app = createApp({ documents, logger, directory, internalCallers: TEST_INTERNAL_CALLERS });
    // As the gateway asks: with its service credential.
    const first = await app.handle(new Request('http://localhost/internal/talent-index.ndjson', { headers: INTERNAL_CALL_HEADERS }));
    await first.text();
    await app.handle(
      new Request('http://localhost/internal/talent-index.ndjson', {
        headers: { ...INTERNAL_CALL_HEADERS, 'if-none-match': first.headers.get('etag') as string },
      }),
    );
    const polls = () => logger.lines.filter((l) => l.msg === 'request' && l.path === '/internal/talent-index.ndjson');
    await waitFor('both polls logged', () => polls().length === 2);
    expect(polls().map((l) => [l.status, l.level])).toEqual([
      [200, 'debug'],
      [304, 'debug'],
    ]);
  });
});

describe('the first build as main.ts makes it (SERVING_KEEPER)', () => {
  it('serves once built, its index pass going on after; the first index answer is the one a directory that waited for the pass gives', async () => {
    const documents = createEmbeddedDocumentStore();
    const repo = createProfileRepository(documents);
    await prepareProfileStore(repo, { seed: true });
    const logger = createMemoryLogger('talent');
    const serving = createTalentDirectory({ repo, clock: systemClock, maxAgeMs: 5_000, logger, ...SERVING_KEEPER });
    const waited = createTalentDirectory({ repo, clock: systemClock, maxAgeMs: 5_000, logger });
    await serving.refresh();
    expect(serving.hasSnapshot()).toBe(true);
    const [a, b] = await Promise.all([serving.index('ndjson'), waited.index('ndjson')]);
    expect(a.etag).toBe(b.etag);
    expect([...a.chunks()].join('')).toBe([...b.chunks()].join(''));
    expect((await serving.page({ search: 'react' }, 0, 50)).ids).toEqual((await waited.page({ search: 'react' }, 0, 50)).ids);
    expect(logger.lines.filter((l) => l.level === 'warn')).toEqual([]);
  });

  it('runs its one full collection before the directory serves, none once it serves (a request after /readyz 200 never waits on it)', async () => {
    // Enough profiles that the index pass yields (3 chunks of 500 lines between yields), as at scale.
    const documents = createEmbeddedDocumentStore();
    await loadSyntheticProfiles(documents, 2_000);
    const repo = createProfileRepository(documents);
    const serving = createTalentDirectory({ repo, clock: systemClock, maxAgeMs: 5_000, logger: createMemoryLogger('talent'), ...SERVING_KEEPER });
    const servingWhenCollected: boolean[] = [];
    const gc = spyOn(Bun, 'gc').mockImplementation((full?: boolean) => {
      if (full) servingWhenCollected.push(serving.hasSnapshot());
      return 0;
    });
    try {
      await serving.refresh();
      await serving.index('ndjson');
      await Bun.sleep(10);
    } finally {
      gc.mockRestore();
    }
    expect(servingWhenCollected).toEqual([false]);
  });
});
