import { describe, expect, test } from 'bun:test';
import { buildReleaser } from './yield-to-requests.ts';

const MB = 2 ** 20;

/** A heap whose size the test sets, recording which collections it was asked for; a full one leaves `live`. */
function fakeHeap(size: number, live: number) {
  const asked: string[] = [];
  const heap = {
    size: () => size,
    fullGC: () => {
      asked.push('full');
      size = live;
      return live;
    },
    edenGC: () => void asked.push('eden'),
  };
  const grow = (to: number) => {
    size = to;
  };
  const setLive = (to: number) => {
    live = to;
  };
  return { heap, asked, grow, setLive };
}

describe('buildReleaser', () => {
  test('a full collection once the heap passed growth x what the last one kept, eden ones meanwhile', async () => {
    const h = fakeHeap(200 * MB, 200 * MB);
    const release = buildReleaser(1.25, 64 * MB, h.heap);
    h.grow(240 * MB);
    await release();
    h.grow(251 * MB);
    h.setLive(220 * MB);
    await release();
    // The bound is now from what the full collection kept: 1.25 x 220 MB = 275 MB.
    h.grow(270 * MB);
    await release();
    h.grow(280 * MB);
    await release();
    expect(h.asked).toEqual(['eden', 'full', 'eden', 'full']);
  });

  test('never a full collection under the floor (small builds, tests)', async () => {
    const h = fakeHeap(10 * MB, 10 * MB);
    const release = buildReleaser(1.25, 64 * MB, h.heap);
    for (const size of [20, 40, 79]) {
      h.grow(size * MB);
      await release();
    }
    h.grow(81 * MB);
    await release();
    expect(h.asked).toEqual(['eden', 'eden', 'eden', 'full']);
  });
});
