import { join } from 'node:path';
import { FileOut, type SiteFile, TEXT } from './file-out.ts';
import { groupFilePath, header, linkLine, pageLine } from './llms.ts';
import type { GroupSummary } from './llms-map.ts';
import type { SitePage } from './pages.ts';
import type { SiteSource } from './sources.ts';

/** A group file's budget: a part ends before it would reach it, and the list continues in the next. */
export const LLMS_PART_MAX_BYTES = 1_000_000;

/** One group's llms file, written as its pages stream in, in parts within the budget. */
class GroupFile {
  count = 0;
  parts = 0;
  readonly top: SitePage[] = [];
  readonly files = new Map<string, SiteFile>();
  private out: FileOut | undefined;

  constructor(
    private readonly dir: string,
    private readonly origin: string,
    readonly source: SiteSource,
    readonly group: SitePage['group'],
    private readonly maxBytes: number,
  ) {}

  async add(page: SitePage): Promise<void> {
    this.count++;
    if (this.top.length < this.source.topPerGroup) this.top.push(page);
    const line = `${pageLine(page, true)}\n`;
    if (this.out && this.out.bytes + Buffer.byteLength(line) + Buffer.byteLength(this.nextSection()) > this.maxBytes) {
      await this.out.write(this.nextSection());
      await this.close();
    }
    if (!this.out) await this.open();
    await (this.out as FileOut).write(line);
  }

  async finish(): Promise<void> {
    if (this.out) await this.close();
  }

  /** The closing section of a part that is not the last: the link to the next one. */
  private nextSection(): string {
    const next = this.parts + 1;
    return [
      '',
      '## Next',
      '',
      linkLine(`${this.group.title}, part ${next}`, `${this.origin}${groupFilePath(this.group.key, next)}`, 'the list continues'),
      '',
    ].join('\n');
  }

  private async open(): Promise<void> {
    this.parts++;
    const where = this.parts === 1 ? '' : ` Part ${this.parts}.`;
    this.out = new FileOut(join(this.dir, `llms-${this.group.key}.${this.parts}.txt`));
    const about = `${this.source.about(this.group)}.${where} The map of the site is ${this.origin}/llms.txt.`;
    await this.out.write(`${[...header(this.group.title, about), `## ${this.group.title}`, '', ''].join('\n')}`);
  }

  private async close(): Promise<void> {
    const out = this.out as FileOut;
    this.out = undefined;
    this.files.set(groupFilePath(this.group.key, this.parts), { path: out.path, etag: await out.close(), contentType: TEXT });
  }
}

/**
 * The per-group llms files (/llms/<group>.txt and its parts), written while the sources stream
 * (a group's pages come interleaved with other groups', so each group keeps its file open), and
 * the summary of each group /llms.txt is rendered from.
 */
export class GroupFiles {
  private readonly groups = new Map<string, GroupFile>();

  constructor(
    private readonly dir: string,
    private readonly origin: string,
    private readonly maxBytes = LLMS_PART_MAX_BYTES,
  ) {}

  async add(source: SiteSource, page: SitePage): Promise<void> {
    let file = this.groups.get(page.group.key);
    // Two sources naming the same group (a category typed like a talent group) keep apart.
    if (file && file.source !== source) {
      const own = { ...page.group, key: `${source.name}-${page.group.key}` };
      return this.add(source, { ...page, group: own });
    }
    if (!file) {
      file = new GroupFile(this.dir, this.origin, source, page.group, this.maxBytes);
      this.groups.set(page.group.key, file);
    }
    await file.add(page);
  }

  /** Closes every file; the files by site path, and the groups in the order /llms.txt lists them. */
  async finish(sources: readonly SiteSource[]): Promise<{ files: Map<string, SiteFile>; summaries: GroupSummary[] }> {
    const files = new Map<string, SiteFile>();
    for (const g of this.groups.values()) {
      await g.finish();
      for (const [path, f] of g.files) files.set(path, f);
    }
    const summaries: GroupSummary[] = [];
    for (const source of sources) {
      const own = [...this.groups.values()].filter((g) => g.source === source);
      const rank = (g: GroupFile) => {
        const at = source.groupOrder.indexOf(g.group.key);
        return at < 0 ? source.groupOrder.length : at;
      };
      // A stable sort: groups the source does not name keep their order of appearance.
      for (const g of own.sort((a, b) => rank(a) - rank(b))) summaries.push({ source, group: g.group, count: g.count, parts: g.parts, top: g.top });
    }
    return { files, summaries };
  }
}
