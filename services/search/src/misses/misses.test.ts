import { describe, expect, it } from 'bun:test';
import { createManualClock, silentLogger } from '@tm/shared';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { createMissLog } from './misses.ts';

describe('the miss log', () => {
  it('counts each normalised query, most frequent first, then the most recent', async () => {
    const clock = createManualClock(Date.parse('2026-11-01T00:00:00.000Z'));
    const log = createMissLog({ documents: createEmbeddedDocumentStore({ clock }), clock, logger: silentLogger });
    await log.record('zebra');
    clock.advance(1000);
    await log.record('okapi');
    await log.record('okapi');
    clock.advance(1000);
    await log.record('quokka');
    await log.record('');
    const { items, total } = await log.list(1, 10);
    expect(total).toBe(3);
    expect(items.map((m) => [m.query, m.count])).toEqual([
      ['okapi', 2],
      ['quokka', 1],
      ['zebra', 1],
    ]);
    expect((await log.list(2, 2)).items.map((m) => m.query)).toEqual(['zebra']);
  });

  it('keeps counting known misses past its cap of distinct ones, and adds no new one', async () => {
    const clock = createManualClock(0);
    const log = createMissLog({ documents: createEmbeddedDocumentStore({ clock }), clock, logger: silentLogger, maxDistinct: 2 });
    for (const q of ['a', 'b', 'c', 'a', 'c', 'b']) await log.record(q);
    const { items, total } = await log.list(1, 10);
    expect(total).toBe(2);
    expect(items.map((m) => [m.query, m.count]).sort()).toEqual([
      ['a', 2],
      ['b', 2],
    ]);
  });
});
