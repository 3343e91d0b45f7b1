import { describe, expect, it } from 'bun:test';
import { silentLogger } from '@tm/shared';
import { createServiceClient } from '@tm/shared/client';
import { CORPUS } from '../search/corpus.fixture.ts';
import { indexSources, readIndex } from './sources.ts';

/** Catalog's index source over a fake fetch answering `lines` with its trailer, cut into chunks of 7 bytes. */
function catalogOver(lines: () => Record<string, unknown>[]) {
  const fakeFetch = (async () => {
    const bytes = new TextEncoder().encode(`${[...lines(), { end: true, count: lines().length }].map((l) => JSON.stringify(l)).join('\n')}\n`);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 7) controller.enqueue(bytes.subarray(i, i + 7));
        controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { etag: '"x"' } });
  }) as unknown as typeof fetch;
  const client = createServiceClient({ service: 'catalog', baseUrl: 'http://catalog.test', timeoutMs: 2000, logger: silentLogger, fetch: fakeFetch });
  return indexSources({ catalog: client, talent: client, content: client })[0] as Parameters<typeof readIndex>[0];
}

describe('reading an upstream index', () => {
  it('parses lines cut anywhere (multi-byte letters too), and keeps the held document of every unchanged line', async () => {
    let lines = [...CORPUS.catalog, { ...CORPUS.catalog[0], _id: 'svc-hi', slug: 'dev-hi', name: 'डेवलपर सेवा', summary: 'مطور ويب ١٢' }];
    const source = catalogOver(() => lines);
    const first = await readIndex(source, { etag: null, timeoutMs: 2000, requestId: 'r1' });
    if (first === 'unchanged') throw new Error('read expected');
    expect(first.documents.map((d) => d.slug)).toEqual(lines.map((l) => l.slug as string));
    expect(first.documents.at(-1)).toMatchObject({ title: 'डेवलपर सेवा', summary: 'مطور ويب ١٢' });

    lines = lines.map((l, i) => (i === 1 ? { ...l, summary: 'A new summary' } : l));
    const second = await readIndex(source, { etag: null, timeoutMs: 2000, requestId: 'r2', held: first.documents });
    if (second === 'unchanged') throw new Error('read expected');
    second.documents.forEach((d, i) => {
      if (i === 1) {
        expect(d).not.toBe(first.documents[i]);
        expect(d.summary).toBe('A new summary');
      } else expect(d).toBe(first.documents[i] as (typeof first.documents)[number]);
    });
  });
});
