import { afterAll, describe, expect, it } from 'bun:test';
import { redisKeyValueStoreUnderTest } from '@tm/shared/testing';
import { createGrowthUnderTest } from '../testing.ts';
import { createDedupe, DEDUPE_MS } from './dedupe.ts';

// Real Redis (TEST_REDIS_URL or 127.0.0.1:6379), under a key prefix of its own that is removed after.
const redis = redisKeyValueStoreUnderTest('growth-dedupe');
afterAll(() => redis.cleanup());

describe('messageId dedupe on Redis', () => {
  it('lets exactly one of 20 concurrent claims of one id win, with a 7-day expiry', async () => {
    const dedupe = createDedupe(redis.store);
    const wins = await Promise.all(Array.from({ length: 20 }, () => dedupe.claim('redis-one')));
    expect(wins.filter(Boolean)).toHaveLength(1);
    const ttl = await redis.store.pttl('track:msg:redis-one');
    expect(ttl).toBeGreaterThan(DEDUPE_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(DEDUPE_MS);
    await dedupe.release(['redis-one']);
    expect(await dedupe.claim('redis-one')).toBe(true);
  });

  it('stores a messageId repeated by 20 concurrent batches once, through the app', async () => {
    const t = await createGrowthUnderTest({ keyValue: redis.store });
    await t.call('PUT', '/consents', { body: { anonymousId: 'dev-r', purposes: { analytics: true, marketing: false }, noticeVersion: 'v1' } });
    const batch = { batch: [{ type: 'track', messageId: 'redis-batch', anonymousId: 'dev-r', event: 'Clicked', timestamp: '2026-05-01T08:00:00.000Z' }] };
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.call('POST', '/track', { body: batch })));
    expect(answers.map((a) => a.body.data.accepted).reduce((a, b) => a + b, 0)).toBe(1);
    expect(await t.parts.events.count({ messageId: 'redis-batch' })).toBe(1);
  });
});
