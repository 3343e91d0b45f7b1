import { afterAll, describe, expect, it } from 'bun:test';
import { createManualClock, createMemoryLogger } from '../core/index.ts';
import { startRevocationFeed } from '../testing/revocation-feed.ts';
import { createRevocationView, REVOCATION_SETTINGS, revocationProblems } from './revocations.ts';

const feed = startRevocationFeed();
afterAll(() => feed.stop());

function view(clock = createManualClock(Date.now())) {
  const v = createRevocationView({ authUrl: feed.url, fetch, clock, logger: createMemoryLogger('test'), autoStart: false, maxStalenessMs: 4000 });
  return { v, clock };
}

describe('the revocation view', () => {
  it('is not fresh before its first read, and holds what the feed names after it', async () => {
    feed.state.revoked = [{ sid: 's-1', until: Date.now() + 900_000 }];
    const { v } = view();
    expect(v.isFresh()).toBe(false);
    expect(await v.refresh()).toBe(true);
    expect(v.isFresh()).toBe(true);
    expect(v.isRevoked('s-1')).toBe(true);
    expect(v.isRevoked('s-2')).toBe(false);
  });

  it('asks from the cursor the feed answered with', async () => {
    const { v } = view();
    feed.state.asked.length = 0;
    await v.refresh();
    await v.refresh();
    expect(feed.state.asked).toEqual(['0', '1234']);
  });

  it('keeps what it knows while the feed is away and turns stale past its bound', async () => {
    feed.state.revoked = [{ sid: 's-3', until: Date.now() + 900_000 }];
    const { v, clock } = view();
    await v.refresh();
    feed.state.down = true;
    try {
      expect(await v.refresh()).toBe(false);
      clock.advance(3000);
      expect(v.isFresh()).toBe(true);
      expect(v.isRevoked('s-3')).toBe(true);
      clock.advance(1500);
      expect(v.isFresh()).toBe(false);
    } finally {
      feed.state.down = false;
    }
    expect(await v.refresh()).toBe(true);
    expect(v.isFresh()).toBe(true);
  });

  it('forgets a session once no access token of it can be valid any more', async () => {
    const now = Date.now();
    feed.state.revoked = [{ sid: 'old', until: now - 120_000 }];
    const { v } = view(createManualClock(now));
    await v.refresh();
    expect(v.isRevoked('old')).toBe(false);
  });

  it('refuses a feed answer of the wrong shape (stays stale)', async () => {
    feed.state.revoked = [{ sid: 42 } as never];
    const { v } = view();
    expect(await v.refresh()).toBe(false);
    expect(v.isFresh()).toBe(false);
  });
});

describe('the revocation settings', () => {
  it('reads the poll period and the staleness bound, and refuses a bound under two periods', () => {
    const read = (poll?: string, stale?: string) => ({
      REVOCATION_POLL_MS: REVOCATION_SETTINGS.REVOCATION_POLL_MS(poll),
      REVOCATION_MAX_STALENESS_MS: REVOCATION_SETTINGS.REVOCATION_MAX_STALENESS_MS(stale),
    });
    expect(read()).toEqual({ REVOCATION_POLL_MS: 1000, REVOCATION_MAX_STALENESS_MS: 4000 });
    expect(revocationProblems(read())).toEqual([]);
    expect(revocationProblems(read('2000', '3000'))).toHaveLength(1);
    expect(() => read('50')).toThrow();
  });
});
