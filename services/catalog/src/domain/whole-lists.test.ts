import { describe, expect, it } from 'bun:test';
import { IndexTrailerSchema, ServiceIndexLineSchema } from '@tm/contracts';
import { validatorOf } from '@tm/shared/http';
import { streamed } from '@tm/shared/search';
import { indexLines } from '@tm/shared/testing';
import { createTestCatalog } from '../test-support.ts';
import type { ServiceDoc } from './model.ts';

describe('whole-list answers', () => {
  it('serves /services/catalog with an ETag and Cache-Control, and 304 for a matching If-None-Match', async () => {
    const { call } = await createTestCatalog();
    const first = await call('/services/catalog', { headers: { 'x-country': 'DE', 'x-lang': 'de' } });
    const etag = first.headers.get('etag') as string;
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    expect(first.headers.get('vary')).toBe('X-Country, X-Lang');
    expect(first.headers.get('x-request-id')).toBeTruthy();
    expect(((await first.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    const again = await call('/services/catalog', { headers: { 'x-country': 'DE', 'x-lang': 'de', 'if-none-match': `W/"other", ${etag}` } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
  });

  it('gives each market and language its own ETag and answers 200 to a stale one', async () => {
    const { call } = await createTestCatalog();
    const de = (await call('/services/catalog', { headers: { 'x-country': 'DE', 'x-lang': 'de' } })).headers.get('etag') as string;
    const inEn = await call('/services/catalog', { headers: { 'x-country': 'IN', 'if-none-match': de } });
    expect(inEn.status).toBe(200);
    expect(inEn.headers.get('etag')).not.toBe(de);
  });

  it('keeps the catalog answers within a byte budget: a dropped answer is revalidated with a 304 and rebuilt with the same bytes and ETag', async () => {
    const de = { 'x-country': 'DE', 'x-lang': 'de' };
    const india = { 'x-country': 'IN', 'x-lang': 'hi' };
    const full = async (call: (path: string, init?: RequestInit) => Promise<Response>, headers: Record<string, string>) => {
      const res = await call('/services/catalog', { headers });
      return { status: res.status, etag: res.headers.get('etag'), text: await res.text() };
    };
    const roomy = await createTestCatalog();
    const expected = { de: await full(roomy.call, de), india: await full(roomy.call, india) };
    // Room for either answer but not both, so each request for the other market drops the one kept.
    const sizes = [expected.de.text, expected.india.text].map((text) => Buffer.byteLength(text));
    const { call } = await createTestCatalog({ wholeListBudgetBytes: Math.max(...sizes) });
    for (let round = 0; round < 3; round++) {
      expect(await full(call, de)).toEqual(expected.de);
      expect(await full(call, india)).toEqual(expected.india);
    }
    // DE's body was dropped for India's; its ETag was kept.
    const revalidated = await call('/services/catalog', { headers: { ...de, 'if-none-match': expected.de.etag as string } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(expected.de.etag);
    expect(await full(call, de)).toEqual(expected.de);
  });

  it('changes the ETag once a change to the catalog reaches the snapshot', async () => {
    const { call, documents, clock } = await createTestCatalog();
    const before = (await call('/services/catalog')).headers.get('etag') as string;
    await documents.collection<ServiceDoc>('services').updateOne({ slug: 'vue-developer' }, { $set: { active: false, updatedAt: '2026-11-22T12:00:00.000Z' } });
    clock.advance(6_000);
    // The first request after the max age starts the check and is answered from the old snapshot.
    expect((await call('/services/catalog', { headers: { 'if-none-match': before } })).status).toBe(304);
    let after = before;
    for (let i = 0; i < 100 && after === before; i++) {
      await Bun.sleep(0);
      after = (await call('/services/catalog')).headers.get('etag') as string;
    }
    expect(after).not.toBe(before);
    const body = (await (await call('/services/catalog')).json()) as { data: { slug: string }[] };
    expect(body.data.map((e) => e.slug)).not.toContain('vue-developer');
  });

  it('streams the service index as lines with every market price and a trailer with the count, with an ETag', async () => {
    const { call } = await createTestCatalog();
    const res = await call('/internal/service-index.ndjson');
    expect(res.headers.get('content-type')).toContain('application/x-ndjson');
    const text = await res.text();
    // Streamed from the snapshot, not kept: the ETag is still the hash of exactly these bytes.
    expect(res.headers.get('etag')).toBe((await streamed(() => [text], 'application/x-ndjson')).etag);
    expect(await (await call('/internal/service-index.ndjson')).text()).toBe(text);
    const { entries: lines, trailer } = indexLines(text);
    expect(validatorOf(IndexTrailerSchema).Check(trailer)).toBe(true);
    expect(trailer.count).toBe(33);
    const check = validatorOf(ServiceIndexLineSchema);
    for (const line of lines) expect(check.Check(line)).toBe(true);
    const react = lines.find((l) => l.slug === 'react-developer');
    expect(react.prices.map((p: { market: string }) => p.market).sort()).toEqual([...react.markets].sort());
    const etag = res.headers.get('etag') as string;
    expect((await call('/internal/service-index.ndjson', { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await call('/internal/service-index', { headers: { 'if-none-match': etag } })).status).toBe(200);
  });
});
