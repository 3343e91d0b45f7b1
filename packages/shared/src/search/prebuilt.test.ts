import { describe, expect, test } from 'bun:test';
import { answerPrebuilt, inChunks, streamed } from './prebuilt.ts';

const get = (headers: Record<string, string> = {}) => new Request('http://x/list', { headers });

describe('streamed whole-list answers', () => {
  test('the body is the chunks in order, and the ETag depends on the bytes only, not on how they are cut', async () => {
    const answer = await streamed(() => ['{"a":', '[1,2', ',3]}']);
    const res = answerPrebuilt(get(), answer);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
    expect(await res.text()).toBe('{"a":[1,2,3]}');
    expect(res.headers.get('etag')).toBe(answer.etag);
    expect((await streamed(() => ['{"a":[1,2,3]}'])).etag).toBe(answer.etag);
    expect((await streamed(() => ['{"a":[1,2,4]}'])).etag).not.toBe(answer.etag);
    expect(answer.etag).toMatch(/^"[A-Za-z0-9_-]{16}-13"$/);
  });

  test('a matching If-None-Match answers 304 without generating the body', async () => {
    let walks = 0;
    const answer = await streamed(function* () {
      walks++;
      yield 'x';
    });
    expect(walks).toBe(1); // the ETag's pass
    const res = answerPrebuilt(get({ 'if-none-match': `"other", ${answer.etag}` }), answer, { vary: 'X-Lang' });
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe(answer.etag);
    expect(res.headers.get('vary')).toBe('X-Lang');
    expect(walks).toBe(1);
  });

  test('chunks are generated as the reader pulls them, and a reader that stops stops the generation', async () => {
    let generated = 0;
    const answer = await streamed(function* () {
      for (let i = 0; i < 1_000; i++) {
        generated++;
        yield `${i}\n`;
      }
    }, 'application/x-ndjson; charset=utf-8');
    generated = 0;
    const reader = (answerPrebuilt(get(), answer).body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    expect(generated).toBeLessThan(10);
    await reader.cancel();
    expect(generated).toBeLessThan(10);
  });

  test('multi-byte text: the ETag counts bytes, not characters', async () => {
    const a = await streamed(() => ['مطور ', 'डेवलपर']);
    expect(a.etag.endsWith(`-${new TextEncoder().encode('مطور डेवलपर').byteLength}"`)).toBe(true);
    expect((await streamed(() => ['مطور डेवलपर'])).etag).toBe(a.etag);
  });

  test('the ETag pass yields to the event loop: a timer set before a long pass fires while it runs', async () => {
    const bound = 100_000;
    let fired = false;
    let walked = 0;
    let passDone = false;
    let doneWhenFired: boolean | undefined;
    setTimeout(() => {
      fired = true;
      doneWhenFired = passDone;
    }, 1);
    // Chunks until the timer fires (or the bound, which a pass that never yields would reach).
    const answer = await streamed(function* () {
      for (; walked < bound && !fired; walked++) yield 'x';
    });
    passDone = true;
    expect(walked).toBeLessThan(bound);
    expect(doneWhenFired).toBe(false);
    expect(answer.etag).toBe((await streamed(() => ['x'.repeat(walked)])).etag);
  });

  test('a full answer yields to the event loop between chunks: a timer set as the body starts fires before it ends', async () => {
    const bound = 100_000;
    let fired = false;
    let counting = false;
    // One chunk for the ETag pass; the body then goes on until the timer fires (or the bound).
    const answer = await streamed(function* () {
      for (let i = 0; i < (counting ? bound : 1) && !(counting && fired); i++) yield 'x';
    });
    counting = true;
    const res = answerPrebuilt(get(), answer);
    setTimeout(() => {
      fired = true;
    }, 1);
    // A stream whose pulls never yield makes the whole body in one turn, the timer after it (issue 26).
    const body = await res.text();
    expect(fired).toBe(true);
    expect(body.length).toBeLessThan(bound);
  });

  test('the ETag of a many-chunk answer is the hash of its bytes, however many slices the pass took', async () => {
    const lines = Array.from({ length: 1_000 }, (_, i) => `{"n":${i}}\n`);
    const answer = await streamed(() => lines);
    expect(answer.etag).toBe((await streamed(() => [lines.join('')])).etag);
    expect(await answerPrebuilt(get(), answer).text()).toBe(lines.join(''));
  });
});

describe('inChunks', () => {
  test('renders every item once, in order, at most `size` per chunk', () => {
    const chunks = [...inChunks(['a', 'b', 'c', 'd', 'e'], 2, (s, i) => `${i}${s};`)];
    expect(chunks).toEqual(['0a;1b;', '2c;3d;', '4e;']);
    expect([...inChunks([], 2, String)]).toEqual([]);
  });
});
