/**
 * The site files need no lease across gateway replicas: each replica builds its own copy on its
 * own disk, and a build is idempotent step by step. Shown here with two builders (two replicas)
 * on one set of sources, building at once and at different moments: the services are only read
 * (GET, conditional with If-None-Match), never written to, and both copies are the same files,
 * byte for byte, with the same ETags (so a client's If-None-Match holds whichever replica answers).
 */
import { describe, expect, it } from 'bun:test';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createManualClock, silentLogger } from '@tm/shared';
import { TEST_SERVICE_CREDENTIAL } from '@tm/shared/testing';
import { createSiteArtifacts, type SiteArtifacts } from './artifacts.ts';

const service = (i: number) => ({
  _id: String(i).padStart(24, '0'),
  slug: `service-${i}`,
  kind: i % 2 ? 'project' : 'role',
  category: 'backend',
  name: `Service ${i}`,
  summary: 'Does things',
  markets: ['IN', 'DE'],
  updatedAt: `2026-06-0${1 + (i % 5)}T00:00:00.000Z`,
  prices: [
    { market: 'IN', currency: 'INR', hourlyRate: 250_000 + i },
    { market: 'DE', currency: 'EUR', hourlyRate: 9_000 + i },
  ],
});
const expert = (i: number) => ({
  slug: `expert-${i}`,
  kind: 'expert',
  displayName: `Expert ${i}`,
  headline: 'Engineer',
  skills: ['Go'],
  location: 'DE',
  updatedAt: '2026-06-02T00:00:00.000Z',
});
const ndjson = (items: unknown[]) => [...items, { end: true, count: items.length }].map((x) => JSON.stringify(x)).join('\n');

/** The services' indexes, every request they receive recorded (method, path, If-None-Match). */
function sources() {
  const state = { services: ndjson(Array.from({ length: 40 }, (_, i) => service(i + 1))), talent: ndjson([expert(1), expert(2)]), pages: ndjson([]) };
  const seen: { method: string; path: string; ifNoneMatch: string | null }[] = [];
  const fetch: typeof globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    seen.push({ method: request.method, path, ifNoneMatch: request.headers.get('if-none-match') });
    const body = path.includes('talent') ? state.talent : path.includes('service') ? state.services : state.pages;
    const etag = `"${Bun.hash(body).toString(36)}"`;
    if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers: { etag } });
    return new Response(body, { headers: { etag, 'content-type': 'application/x-ndjson' } });
  }) as typeof globalThis.fetch;
  return { state, seen, fetch };
}

/** One replica's builder, writing under its own directory. */
async function replica(fetch: typeof globalThis.fetch, clock: ReturnType<typeof createManualClock>) {
  const dir = await mkdtemp(join(tmpdir(), 'tm-site-replica-'));
  const artifacts = createSiteArtifacts({
    fetch,
    upstreams: { catalog: 'http://catalog', talent: 'http://talent', content: 'http://content' },
    origin: 'https://market.example',
    clock,
    logger: silentLogger,
    serviceCredential: TEST_SERVICE_CREDENTIAL,
    timeoutMs: 2_000,
    // Small budgets, so the files split into parts as a large catalog's do.
    limits: { maxUrls: 15 },
    dir,
    ttlMs: 0,
  });
  return { dir, artifacts };
}

/** The files a replica serves: site path -> bytes and ETag. */
async function served(artifacts: SiteArtifacts) {
  const out = new Map<string, { bytes: string; etag: string }>();
  for (const path of artifacts.paths().sort()) {
    const file = artifacts.file(path);
    if (file) out.set(path, { bytes: await readFile(file.path, 'utf8'), etag: file.etag });
  }
  return out;
}

describe('site files on several gateway replicas', () => {
  it('two replicas building at once from one set of sources make the same files and ETags, reading the services only', async () => {
    const src = sources();
    const clock = createManualClock();
    const [a, b] = await Promise.all([replica(src.fetch, clock), replica(src.fetch, clock)]);
    try {
      await Promise.all([a.artifacts.build('replica-a'), b.artifacts.build('replica-b')]);
      const [filesA, filesB] = await Promise.all([served(a.artifacts), served(b.artifacts)]);
      expect(filesA.size).toBeGreaterThan(3);
      expect([...filesA.keys()]).toContain('/sitemap.xml');
      expect([...filesA.keys()]).toContain('/llms.txt');
      expect(filesB).toEqual(filesA);
      // Read-only: every call a GET of an index, none a write anywhere.
      expect(src.seen.length).toBe(6);
      expect(new Set(src.seen.map((s) => s.method))).toEqual(new Set(['GET']));
    } finally {
      await Promise.all([rm(a.dir, { recursive: true, force: true }), rm(b.dir, { recursive: true, force: true })]);
    }
  });

  it('a replica that rebuilt from 304s and one that built once after a change end with the same files', async () => {
    const src = sources();
    const clock = createManualClock();
    const [a, b] = await Promise.all([replica(src.fetch, clock), replica(src.fetch, clock)]);
    try {
      await a.artifacts.build('a-1');
      // Talent changes; catalog and content do not: a's rebuild copies their indexes from its last build (304s).
      src.state.talent = ndjson([expert(1), expert(2), expert(3)]);
      await a.artifacts.build('a-2');
      expect(src.seen.filter((s) => s.ifNoneMatch !== null).length).toBe(3);
      await b.artifacts.build('b-1');
      const [filesA, filesB] = await Promise.all([served(a.artifacts), served(b.artifacts)]);
      expect(filesA.get('/llms-full.txt')?.bytes).toContain('Expert 3');
      expect(filesB).toEqual(filesA);
      expect(new Set(src.seen.map((s) => s.method))).toEqual(new Set(['GET']));
    } finally {
      await Promise.all([rm(a.dir, { recursive: true, force: true }), rm(b.dir, { recursive: true, force: true })]);
    }
  });
});
