import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { FileOut, type SiteFile, TEXT, XML } from './file-out.ts';
import { readLines } from './index-download.ts';
import { agentLinks, header, linkLine, pageLine } from './llms.ts';
import { GroupFiles, LLMS_PART_MAX_BYTES } from './llms-groups.ts';
import { LLMS_MAP_MAX_BYTES, renderLlmsMap } from './llms-map.ts';
import { homePage } from './pages.ts';
import { NO_RATINGS, type SiteRatings } from './ratings.ts';
import { renderSitemapIndex, type SitemapEntry, type SitemapLimits, URLSET_HEAD, URLSET_TAIL, urlLine } from './sitemap.ts';
import type { SiteSource } from './sources.ts';

export type { SiteFile };

/** Sitemap parts written one after another, each closed before it breaks a limit (the protocol's 50,000 URLs and 50 MiB). */
class SitemapParts {
  readonly done: { path: string; etag: string; newest: string | undefined }[] = [];
  private part: FileOut | undefined;
  private urls = 0;
  private newest: string | undefined;
  private readonly frame = Buffer.byteLength(URLSET_HEAD) + Buffer.byteLength(URLSET_TAIL);

  constructor(
    private readonly dir: string,
    private readonly limits: SitemapLimits,
  ) {}

  async add(e: SitemapEntry): Promise<void> {
    const line = urlLine(e);
    const size = Buffer.byteLength(line);
    if (this.frame + size > this.limits.maxBytes) throw new RangeError(`a sitemap URL entry of ${size} bytes cannot fit in a file: ${e.loc.slice(0, 80)}`);
    if (this.part && (this.urls === this.limits.maxUrls || this.part.bytes + size + Buffer.byteLength(URLSET_TAIL) > this.limits.maxBytes))
      await this.closePart();
    if (!this.part) {
      this.part = new FileOut(join(this.dir, `sitemap-part-${this.done.length + 1}.xml`));
      await this.part.write(URLSET_HEAD);
    }
    await this.part.write(line);
    this.urls++;
    if (e.lastmod && (!this.newest || e.lastmod > this.newest)) this.newest = e.lastmod;
  }

  private async closePart(): Promise<void> {
    const part = this.part as FileOut;
    await part.write(URLSET_TAIL);
    this.done.push({ path: part.path, etag: await part.close(), newest: this.newest });
    this.part = undefined;
    this.urls = 0;
    this.newest = undefined;
  }

  /** The sitemap files by site path: one urlset as /sitemap.xml, or an index of /sitemap-N.xml parts. */
  async finish(origin: string): Promise<Map<string, SiteFile>> {
    if (this.part) await this.closePart();
    const files = new Map<string, SiteFile>();
    if (this.done.length === 1) {
      const only = this.done[0] as { path: string; etag: string };
      const path = join(this.dir, 'sitemap.xml');
      await rename(only.path, path);
      files.set('/sitemap.xml', { path, etag: only.etag, contentType: XML });
      return files;
    }
    const entries: SitemapEntry[] = [];
    for (const [i, part] of this.done.entries()) {
      const path = join(this.dir, `sitemap-${i + 1}.xml`);
      await rename(part.path, path);
      files.set(`/sitemap-${i + 1}.xml`, { path, etag: part.etag, contentType: XML });
      entries.push({ loc: `${origin}/sitemap-${i + 1}.xml`, lastmod: part.newest });
    }
    const index = new FileOut(join(this.dir, 'sitemap.xml'));
    await index.write(renderSitemapIndex(entries));
    files.set('/sitemap.xml', { path: index.path, etag: await index.close(), contentType: XML });
    return files;
  }
}

/** The entries of a downloaded index, one line at a time. */
async function* entries(path: string): AsyncGenerator<unknown> {
  for await (const line of readLines(Bun.file(path).stream())) if (line !== '') yield JSON.parse(line);
}

/** Where the files' sizes end (tests lower them). */
export interface SiteFileLimits extends SitemapLimits {
  /** /llms.txt's budget. */
  llmsMapBytes: number;
  /** A group file part's budget. */
  llmsPartBytes: number;
}

export const DEFAULT_LLMS_LIMITS = { llmsMapBytes: LLMS_MAP_MAX_BYTES, llmsPartBytes: LLMS_PART_MAX_BYTES };

/** Pages written between two turns of the event loop during a build (proxied requests run in between). */
export const SITE_BUILD_SLICE = 500;
/** One turn of the event loop (the gateway does not load @tm/shared/search for its yieldToRequests). */
const yieldToRequests = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Renders /sitemap.xml (and its parts), /llms-full.txt, the group files /llms/<group>.txt (and
 * their parts) and /llms.txt into `dir` from the downloaded indexes, one pass over each, line by
 * line, so the gateway's memory does not grow with the data: every page goes into the sitemap,
 * the full index and its group's file as it is read; /llms.txt, the map, is rendered last from
 * the groups' counts and first pages.
 */
export async function writeSiteFiles(options: {
  dir: string;
  origin: string;
  inputs: readonly { source: SiteSource; path: string }[];
  newest: string | undefined;
  limits: SiteFileLimits;
  /** Reviews' ratings of the services and PMs listed (none while reviews is away). */
  ratings?: SiteRatings;
}): Promise<Map<string, SiteFile>> {
  const ratings = options.ratings ?? NO_RATINGS;
  const { dir, origin, limits } = options;
  const sitemap = new SitemapParts(dir, limits);
  const full = new FileOut(join(dir, 'llms-full.txt'));
  const groups = new GroupFiles(dir, origin, limits.llmsPartBytes);
  const home = homePage(origin, options.newest);
  await sitemap.add({ loc: home.url, lastmod: home.lastmod });
  const lines = (list: string[]) => list.map((l) => `${l}\n`).join('');
  await full.write(lines([...header(), ...agentLinks(origin), '## Pages', '', pageLine(home, false), '']));

  let written = 0;
  for (const { source, path } of options.inputs) {
    let opened = false;
    for await (const entry of entries(path)) {
      // A file's lines arrive in large chunks, so awaiting them does not let the gateway's
      // requests run: at 100k pages a build held every proxied request for ~3 s. Yield every
      // SITE_BUILD_SLICE pages.
      if (++written % SITE_BUILD_SLICE === 0) await yieldToRequests();
      const page = source.page(entry, origin, ratings);
      await sitemap.add({ loc: page.url, lastmod: page.lastmod, alternates: page.alternates });
      await groups.add(source, page);
      if (!opened) await full.write(`## ${source.title}\n\n`);
      opened = true;
      await full.write(`${pageLine(page, true)}\n`);
    }
    if (opened) await full.write('\n');
  }
  await full.write(lines(['## Optional', '', linkLine('Map', `${origin}/llms.txt`, 'The curated map of this site, with a file per category')]));

  const files = await sitemap.finish(origin);
  const { files: groupFiles, summaries } = await groups.finish(options.inputs.map((i) => i.source));
  for (const [sitePath, f] of groupFiles) files.set(sitePath, f);
  const map = new FileOut(join(dir, 'llms.txt'));
  await map.write(renderLlmsMap(origin, summaries, limits.llmsMapBytes));
  files.set('/llms.txt', { path: map.path, etag: await map.close(), contentType: TEXT });
  files.set('/llms-full.txt', { path: full.path, etag: await full.close(), contentType: TEXT });
  return files;
}
