import type { ServiceClient } from '@tm/shared/client';
import { releaseBatch } from '@tm/shared/search';
import type { SearchDocument } from './documents.ts';
import { pageDocument, sameDocument, serviceDocument, talentDocument } from './documents.ts';

/** One upstream index search reads: which service, where, and how its lines become documents. */
export interface IndexSource {
  name: 'catalog' | 'talent' | 'content';
  client: ServiceClient;
  path: string;
  toDocument: (line: Record<string, unknown>) => SearchDocument | undefined;
}

/**
 * Lines parsed between collections of their garbage (each entry's JSON, prices and all, is dropped
 * once it is a document), and between full collections: with two indexes read at once, garbage
 * that outlived an eden collection otherwise grows the peak by some 200 MB at 100k + 100k.
 */
const RELEASE_EVERY = 5_000;
const FULL_RELEASE_EVERY = 50_000;

/** The three indexes search is built from (the ones the gateway's site files read too). */
export function indexSources(clients: { catalog: ServiceClient; talent: ServiceClient; content: ServiceClient }): IndexSource[] {
  return [
    { name: 'catalog', client: clients.catalog, path: '/internal/service-index.ndjson', toDocument: serviceDocument },
    { name: 'talent', client: clients.talent, path: '/internal/talent-index.ndjson', toDocument: talentDocument },
    { name: 'content', client: clients.content, path: '/internal/page-index.ndjson', toDocument: pageDocument },
  ];
}

/** What one read of an index gave: its documents and ETag, or `unchanged` for a 304 to the ETag held. */
export type IndexRead = { documents: SearchDocument[]; etag: string | null; skipped: number } | 'unchanged';

/**
 * Reads one NDJSON index whole (entries, then the trailer `{end: true, count}`), sending the ETag
 * held so an unchanged index costs a 304. Throws when the service cannot be asked, answers other
 * than 200/304, or the index is cut off (no trailer, or a count that disagrees): a partial index
 * never replaces a whole one. A line that is not a usable entry is skipped and counted. The body
 * is parsed as it arrives, line by line: at 100k entries its text (tens of MB) is never held whole;
 * a document the same as one `held` (the last read's) is that one, so a rebuild while the current
 * index serves holds one copy of what did not change.
 */
export async function readIndex(
  source: IndexSource,
  options: { etag: string | null; timeoutMs: number; requestId: string; held?: readonly SearchDocument[] },
): Promise<IndexRead> {
  const answer = await source.client.raw(source.path, {
    requestId: options.requestId,
    timeoutMs: options.timeoutMs,
    headers: { accept: 'application/x-ndjson', 'if-none-match': options.etag ?? undefined },
  });
  if (!answer.ok) throw new Error(`${source.name} ${source.path}: ${answer.message} (${answer.code})`);
  const res = answer.response;
  if (res.status === 304 && options.etag) return 'unchanged';
  if (res.status !== 200) {
    await res.body?.cancel();
    throw new Error(`${source.name} ${source.path} answered ${res.status}`);
  }
  const lines = new IndexLines(source, options.held);
  const decoder = new TextDecoder();
  let rest = '';
  const reader = res.body?.getReader();
  for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) {
    const text = rest + decoder.decode(chunk.value, { stream: true });
    const last = text.lastIndexOf('\n');
    if (last < 0) {
      rest = text;
      continue;
    }
    lines.read(text.slice(0, last));
    rest = text.slice(last + 1);
    if (lines.unreleased >= RELEASE_EVERY) await lines.release();
  }
  lines.read(rest + decoder.decode());
  return lines.end(res.headers.get('etag'));
}

/** The lines of one index read so far: its documents, how many entries came and were skipped, its trailer. */
class IndexLines {
  readonly documents: SearchDocument[] = [];
  private sent = 0;
  private skipped = 0;
  private trailer: number | undefined;
  /** Lines parsed since the garbage of their JSON was last collected, and since the last full collection. */
  unreleased = 0;
  private sinceFull = 0;

  /** The documents held from the last read, by id: an unchanged one is kept instead of its new copy. */
  private readonly held: ReadonlyMap<string, SearchDocument>;

  constructor(
    private readonly source: IndexSource,
    held: readonly SearchDocument[] = [],
  ) {
    this.held = new Map(held.map((d) => [d.id, d]));
  }

  /** Reads whole lines (`text` ends at a line's end). */
  read(text: string): void {
    const { name, path } = this.source;
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      this.unreleased++;
      if (this.trailer !== undefined) throw new Error(`${name} ${path}: data after the trailer`);
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        throw new Error(`${name} ${path}: a line is not JSON (cut off?)`);
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        this.sent++;
        this.skipped++;
        continue;
      }
      const entry = value as Record<string, unknown>;
      if (entry.end === true && typeof entry.count === 'number') {
        this.trailer = entry.count;
        continue;
      }
      this.sent++;
      const doc = this.source.toDocument(entry);
      if (!doc) {
        this.skipped++;
        continue;
      }
      const kept = this.held.get(doc.id);
      this.documents.push(kept && sameDocument(kept, doc) ? kept : doc);
    }
  }

  /** Collects the garbage of the lines read since the last time (a full collection every FULL_RELEASE_EVERY lines). */
  async release(): Promise<void> {
    this.sinceFull += this.unreleased;
    this.unreleased = 0;
    const full = this.sinceFull >= FULL_RELEASE_EVERY;
    if (full) this.sinceFull = 0;
    await releaseBatch({ full });
  }

  /** The read, once the body has ended: throws when the trailer is missing or counts otherwise. */
  end(etag: string | null): IndexRead {
    const { name, path } = this.source;
    if (this.trailer === undefined) throw new Error(`${name} ${path}: the index ended without its trailer (cut off after ${this.sent} entries)`);
    if (this.trailer !== this.sent) throw new Error(`${name} ${path}: the trailer counts ${this.trailer} entries, ${this.sent} arrived`);
    return { documents: this.documents, etag, skipped: this.skipped };
  }
}
