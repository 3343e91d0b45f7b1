import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServiceIndexLine, TalentIndexLine } from '@tm/contracts';
import { FileOut } from './file-out.ts';
import { readLines } from './index-download.ts';
import { agentLinks, header, llmsOptional, pageLine } from './llms.ts';
import { homePage, type SitePage, servicePage, talentPage } from './pages.ts';
import { renderSitemapIndex, type SitemapEntry, type SitemapLimits, URLSET_HEAD, URLSET_TAIL, urlLine } from './sitemap.ts';

/** One finished site file: where it is, its ETag and media type. */
export interface SiteFile {
  path: string;
  etag: string;
  contentType: string;
}

const TEXT = 'text/plain; charset=utf-8';
const XML = 'application/xml; charset=utf-8';

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

/** Writes lines to a file, with a section heading put in front of the first one only. */
async function writeSection(out: FileOut, title: string, lines: AsyncIterable<string>): Promise<void> {
  let opened = false;
  for await (const line of lines) {
    if (!opened) await out.write(`## ${title}\n\n`);
    opened = true;
    await out.write(`${line}\n`);
  }
  if (opened) await out.write('\n');
}

async function* entries<T>(path: string): AsyncGenerator<T> {
  for await (const line of readLines(Bun.file(path).stream())) if (line !== '') yield JSON.parse(line) as T;
}

/**
 * Renders /sitemap.xml (and its parts), /llms.txt and /llms-full.txt into `dir` from the two
 * downloaded indexes, reading them line by line (twice for the services: roles, then projects),
 * so the gateway's memory does not grow with the catalog.
 */
export async function writeSiteFiles(options: {
  dir: string;
  origin: string;
  services: string;
  talent: string;
  newest: string | undefined;
  limits: SitemapLimits;
}): Promise<Map<string, SiteFile>> {
  const { dir, origin } = options;
  const sitemap = new SitemapParts(dir, options.limits);
  const llms = new FileOut(join(dir, 'llms.txt'));
  const full = new FileOut(join(dir, 'llms-full.txt'));
  const home = homePage(origin, options.newest);
  await sitemap.add({ loc: home.url, lastmod: home.lastmod });
  const intro = [...header(), ...agentLinks(origin)].map((l) => `${l}\n`).join('');
  await llms.write(intro);
  await full.write(intro);
  await writeSection(full, 'Pages', one(pageLine(home, false)));

  for (const [kind, title] of [
    ['role', 'Hire a role'],
    ['project', 'Project delivery'],
  ] as const) {
    const pages = async function* (): AsyncGenerator<SitePage> {
      for await (const s of entries<ServiceIndexLine>(options.services)) {
        if ((s.kind === 'project' ? 'project' : 'role') !== kind) continue;
        const page = servicePage(s, s.prices, origin);
        await sitemap.add({ loc: page.url, lastmod: page.lastmod });
        yield page;
      }
    };
    // One pass feeds both files: the curated map without prices, the full index with them.
    const fullLines: string[] = [];
    await writeSection(
      llms,
      title,
      mapAsync(pages(), async (p) => {
        fullLines.push(pageLine(p, true));
        if (fullLines.length >= 1_000) await flushInto(full, title, fullLines);
        return pageLine(p, false);
      }),
    );
    await flushInto(full, title, fullLines, true);
  }

  let talentCount = 0;
  await writeSection(
    full,
    'Talent profiles',
    mapAsync(entries<TalentIndexLine>(options.talent), async (p) => {
      const page = talentPage(p, origin);
      await sitemap.add({ loc: page.url, lastmod: page.lastmod });
      talentCount++;
      return pageLine(page, true);
    }),
  );
  await llms.write(
    llmsOptional(origin, talentCount)
      .map((l) => `${l}\n`)
      .join('')
      .replace(/\n$/, ''),
  );
  const files = await sitemap.finish(origin);
  files.set('/llms.txt', { path: llms.path, etag: await llms.close(), contentType: TEXT });
  files.set('/llms-full.txt', { path: full.path, etag: await full.close(), contentType: TEXT });
  return files;
}

const openedSections = new WeakMap<FileOut, Set<string>>();

/** Appends buffered lines of a section to the full index, heading first; `end` closes a section that got lines. */
async function flushInto(out: FileOut, title: string, lines: string[], end = false): Promise<void> {
  const opened = openedSections.get(out) ?? new Set<string>();
  openedSections.set(out, opened);
  if (lines.length > 0 && !opened.has(title)) {
    opened.add(title);
    await out.write(`## ${title}\n\n`);
  }
  if (lines.length > 0) await out.write(`${lines.splice(0).join('\n')}\n`);
  if (end && opened.has(title)) await out.write('\n');
}

async function* one(line: string): AsyncGenerator<string> {
  yield line;
}

async function* mapAsync<A, B>(source: AsyncIterable<A>, f: (a: A) => Promise<B>): AsyncGenerator<B> {
  for await (const a of source) yield await f(a);
}
