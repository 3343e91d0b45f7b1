import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createUpstreamClient } from '@tm/agent-tools';
import { createContentUnderTest } from '@tm/content/testing';
import { createManualClock, silentLogger } from '@tm/shared';
import { createContentReader } from './content.ts';

let server: { stop(closeActive?: boolean): unknown; server: { port?: number } | null };
let contentUrl: string;
beforeAll(async () => {
  server = (await createContentUnderTest()).app.listen({ hostname: '127.0.0.1', port: 0 });
  contentUrl = `http://127.0.0.1:${server.server?.port}`;
});
afterAll(async () => {
  await server.stop(true);
});

const readerAt = (url: string) => {
  const clock = createManualClock();
  const upstream = createUpstreamClient({ upstreams: { content: url }, fetch: globalThis.fetch, upstreamTimeoutMs: 1000, logger: silentLogger });
  return { clock, reader: createContentReader(upstream, clock) };
};

describe("the assistant's content reader", () => {
  it("reads the seeded content service's published FAQ and pages, checked against content's contract, in the asked language", async () => {
    const { reader } = readerAt(contentUrl);
    const en = await reader.pages('en', 'r1');
    expect(en.available).toBe(true);
    expect(en.pages.some((p) => p.type === 'faq' && (p.faq?.length ?? 0) > 0)).toBe(true);
    expect(en.pages.some((p) => p.type === 'page')).toBe(true);
    expect(en.pages.every((p) => p.lang === 'en')).toBe(true);
    const de = await reader.pages('de', 'r2');
    // German where a page group has it, English where it has not (content's fallback).
    expect(de.pages.some((p) => p.lang === 'de')).toBe(true);
    expect(de.pages.every((p) => p.lang === 'de' || p.lang === 'en')).toBe(true);
  });

  it('answers no pages, unavailable, while content is away', async () => {
    const away = readerAt('http://127.0.0.1:9');
    expect(await away.reader.pages('en', 'r3')).toEqual({ pages: [], available: false });
  });
});
