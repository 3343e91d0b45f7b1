import { describe, expect, test } from 'bun:test';
import { answerPrebuilt, prebuild } from './prebuilt.ts';
import { createPrebuiltCache } from './prebuilt-cache.ts';

/** A cache over fixed texts (ASCII: one byte a character), counting the builds of each key. */
function setup(budgetBytes: number, texts: Record<string, string>) {
  const cache = createPrebuiltCache(budgetBytes);
  const builds: Record<string, number> = Object.fromEntries(Object.keys(texts).map((k) => [k, 0]));
  const build = (key: string) => () => {
    builds[key] = (builds[key] ?? 0) + 1;
    return prebuild(texts[key] as string);
  };
  /** The answer for `key` as a route sends it. */
  const send = (key: string, headers: Record<string, string> = {}) => answerPrebuilt(new Request('http://x/list', { headers }), cache.get(key, build(key)));
  return { builds, send };
}

const EIGHT = { a: '"aaaaaa"', b: '"bbbbbb"', c: '"cccccc"' };

describe('prebuilt answers under a byte budget', () => {
  test('builds an answer once while its body is kept', async () => {
    const { builds, send } = setup(100, EIGHT);
    const first = await send('a');
    expect(await first.text()).toBe(EIGHT.a);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const again = await send('a');
    expect(await again.text()).toBe(EIGHT.a);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(builds).toEqual({ a: 1, b: 0, c: 0 });
  });

  test('drops the least recently sent body first once the total is over the budget', async () => {
    const { builds, send } = setup(16, EIGHT); // room for two
    await send('a');
    await send('b');
    await send('a'); // a is now the most recently sent, b the least
    await send('c'); // over the budget: b goes
    expect(builds).toEqual({ a: 1, b: 1, c: 1 });
    expect(await (await send('a')).text()).toBe(EIGHT.a);
    expect(await (await send('c')).text()).toBe(EIGHT.c);
    expect(builds).toEqual({ a: 1, b: 1, c: 1 });
    expect(await (await send('b')).text()).toBe(EIGHT.b); // rebuilt, and a (least recent) goes
    expect(builds).toEqual({ a: 1, b: 2, c: 1 });
    await send('a');
    expect(builds).toEqual({ a: 2, b: 2, c: 1 });
  });

  test('a 304 does not count as a use: a revalidated answer still goes first', async () => {
    const { builds, send } = setup(16, EIGHT);
    const etag = (await send('a')).headers.get('etag') as string;
    await send('b');
    expect((await send('a', { 'if-none-match': etag })).status).toBe(304);
    await send('c'); // a was sent least recently, whatever its revalidation
    await send('b');
    expect(builds).toEqual({ a: 1, b: 1, c: 1 });
    await send('a');
    expect(builds).toEqual({ a: 2, b: 1, c: 1 });
  });

  test('keeps the ETag of a dropped answer: a revalidation is a 304 without a rebuild, a full request rebuilds the same bytes and ETag', async () => {
    const { builds, send } = setup(8, EIGHT); // room for one
    const first = await send('a');
    const etag = first.headers.get('etag') as string;
    const body = await first.text();
    await send('b'); // a's body goes
    const revalidated = await send('a', { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(etag);
    expect(builds.a).toBe(1);
    const rebuilt = await send('a');
    expect(rebuilt.status).toBe(200);
    expect(rebuilt.headers.get('etag')).toBe(etag);
    expect(await rebuilt.text()).toBe(body);
    expect(builds.a).toBe(2);
    await send('a'); // kept again
    expect(builds.a).toBe(2);
  });

  test('sends an answer larger than the whole budget without keeping it, and keeps the others', async () => {
    const { builds, send } = setup(10, { big: '"0123456789"', a: EIGHT.a });
    await send('a');
    const big = await send('big');
    expect(await big.text()).toBe('"0123456789"');
    const etag = big.headers.get('etag') as string;
    expect(builds).toEqual({ big: 1, a: 1 });
    expect((await send('big', { 'if-none-match': etag })).status).toBe(304);
    expect(builds.big).toBe(1);
    await send('big');
    await send('a');
    expect(builds).toEqual({ big: 2, a: 1 });
  });

  test('a budget of 0 keeps only the ETags: every full answer is built again, every revalidation is a 304', async () => {
    const { builds, send } = setup(0, EIGHT);
    const etag = (await send('a')).headers.get('etag') as string;
    expect((await send('a', { 'if-none-match': etag })).status).toBe(304);
    expect(builds.a).toBe(1);
    expect(await (await send('a')).text()).toBe(EIGHT.a);
    expect(builds.a).toBe(2);
  });

  test('three requests for a missing answer started together build it once (a build is synchronous, so the first one keeps it)', async () => {
    const { builds, send } = setup(100, EIGHT);
    const bodies = await Promise.all([1, 2, 3].map(async () => (await send('a')).text()));
    expect(bodies).toEqual([EIGHT.a, EIGHT.a, EIGHT.a]);
    expect(builds.a).toBe(1);
  });
});
