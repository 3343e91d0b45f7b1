/** bench:scale's checks of the site files through the gateway: every URL in the sitemap, every page in the llms group files, and their sizes. */
import { BENCH_INTERNAL_HEADERS } from '../bench/processes.ts';
import { timed } from './measure.ts';

/** One streamed index's entries (the trailer checked), with what the requests need. */
export async function indexEntries(base: string, path: string): Promise<{ slug: string; kind: string; markets: string[] }[]> {
  const text = await (await fetch(`${base}${path}`, { headers: BENCH_INTERNAL_HEADERS })).text();
  const lines = text
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l));
  const trailer = lines.pop();
  if (trailer?.end !== true || trailer.count !== lines.length) throw new Error(`${path}: incomplete index`);
  return lines.map((l) => ({ slug: l.slug, kind: l.kind, markets: (l.prices ?? []).map((p: { market: string }) => p.market) }));
}

/** Every <loc> of the sitemap (following an index into its parts) through the gateway. */
export async function sitemapLocs(gateway: string): Promise<string[]> {
  const root = (await timed(`${gateway}/sitemap.xml`)).body;
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] as string);
  if (!root.includes('<sitemapindex')) return locs(root);
  const all: string[] = [];
  for (const part of locs(root)) all.push(...locs((await timed(`${gateway}${new URL(part).pathname}`)).body));
  return all;
}

/** What the llms files hold at this size. */
export interface LlmsCheck {
  /** /llms.txt's size in bytes. */
  mapBytes: number;
  /** Group files (parts included), and the largest one's size in bytes. */
  groupFiles: number;
  largestGroupFileBytes: number;
  /** Pages listed across the group files, and how many of the expected URLs none of them lists. */
  listed: number;
  missing: number;
}

/**
 * Reads /llms.txt through the gateway, follows every group file it links (/llms/<group>.txt) and
 * each part's link to the next, and checks that together they list every expected page once.
 */
export async function checkLlmsFiles(gateway: string, site: string, expected: ReadonlySet<string>): Promise<LlmsCheck> {
  const map = (await timed(`${gateway}/llms.txt`)).body;
  const firstParts = new Set([...map.matchAll(/\]\([^)]*(\/llms\/[a-z0-9-]+\.txt)\)/g)].map((m) => m[1] as string));
  const seen = new Set<string>();
  let listed = 0;
  let groupFiles = 0;
  let largest = 0;
  const pageUrl = new RegExp(`^- \\[(?:[^\\]\\\\]|\\\\.)*\\]\\((${site.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/[^)]+)\\)`, 'gm');
  for (const first of firstParts) {
    let path: string | undefined = first;
    while (path) {
      const body: string = (await timed(`${gateway}${path}`)).body;
      groupFiles++;
      largest = Math.max(largest, Buffer.byteLength(body));
      const [list, next] = body.split('\n## Next\n');
      for (const m of (list ?? '').matchAll(pageUrl)) {
        listed++;
        seen.add(m[1] as string);
      }
      path = next ? /\]\([^)]*(\/llms\/[a-z0-9-]+\.\d+\.txt)\)/.exec(next)?.[1] : undefined;
    }
  }
  let missing = 0;
  for (const u of expected) if (!seen.has(u)) missing++;
  return { mapBytes: Buffer.byteLength(map), groupFiles, largestGroupFileBytes: largest, listed, missing };
}
