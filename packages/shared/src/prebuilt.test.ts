import { describe, expect, test } from 'bun:test';
import { answerPrebuilt, inChunks, streamed } from './prebuilt.ts';

const get = (headers: Record<string, string> = {}) => new Request('http://x/list', { headers });

describe('streamed whole-list answers', () => {
  test('the body is the chunks in order, and the ETag depends on the bytes only, not on how they are cut', async () => {
    const answer = streamed(() => ['{"a":', '[1,2', ',3]}']);
    const res = answerPrebuilt(get(), answer);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
    expect(await res.text()).toBe('{"a":[1,2,3]}');
    expect(res.headers.get('etag')).toBe(answer.etag);
    expect(streamed(() => ['{"a":[1,2,3]}']).etag).toBe(answer.etag);
    expect(streamed(() => ['{"a":[1,2,4]}']).etag).not.toBe(answer.etag);
    expect(answer.etag).toMatch(/^"[A-Za-z0-9_-]{16}-13"$/);
  });

  test('a matching If-None-Match answers 304 without generating the body', () => {
    let walks = 0;
    const answer = streamed(function* () {
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
    const answer = streamed(function* () {
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

  test('multi-byte text: the ETag counts bytes, not characters', () => {
    const a = streamed(() => ['مطور ', 'डेवलपर']);
    expect(a.etag.endsWith(`-${new TextEncoder().encode('مطور डेवलपर').byteLength}"`)).toBe(true);
    expect(streamed(() => ['مطور डेवलपर']).etag).toBe(a.etag);
  });
});

describe('inChunks', () => {
  test('renders every item once, in order, at most `size` per chunk', () => {
    const chunks = [...inChunks(['a', 'b', 'c', 'd', 'e'], 2, (s, i) => `${i}${s};`)];
    expect(chunks).toEqual(['0a;1b;', '2c;3d;', '4e;']);
    expect([...inChunks([], 2, String)]).toEqual([]);
  });
});
