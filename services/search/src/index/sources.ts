import type { ServiceClient } from '@tm/shared/client';
import type { SearchDocument } from './documents.ts';
import { pageDocument, serviceDocument, talentDocument } from './documents.ts';

/** One upstream index search reads: which service, where, and how its lines become documents. */
export interface IndexSource {
  name: 'catalog' | 'talent' | 'content';
  client: ServiceClient;
  path: string;
  toDocument: (line: Record<string, unknown>) => SearchDocument | undefined;
}

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
 * never replaces a whole one. A line that is not a usable entry is skipped and counted.
 */
export async function readIndex(source: IndexSource, options: { etag: string | null; timeoutMs: number; requestId: string }): Promise<IndexRead> {
  const answer = await source.client.raw(source.path, {
    requestId: options.requestId,
    timeoutMs: options.timeoutMs,
    headers: { accept: 'application/x-ndjson', 'if-none-match': options.etag ?? undefined },
  });
  if (!answer.ok) throw new Error(`${source.name} ${source.path}: ${answer.message} (${answer.code})`);
  const res = answer.response;
  if (res.status === 304 && options.etag) return 'unchanged';
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${source.name} ${source.path} answered ${res.status}`);
  const documents: SearchDocument[] = [];
  let sent = 0;
  let skipped = 0;
  let trailer: number | undefined;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (trailer !== undefined) throw new Error(`${source.name} ${source.path}: data after the trailer`);
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new Error(`${source.name} ${source.path}: a line is not JSON (cut off?)`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      sent++;
      skipped++;
      continue;
    }
    const entry = value as Record<string, unknown>;
    if (entry.end === true && typeof entry.count === 'number') {
      trailer = entry.count;
      continue;
    }
    sent++;
    const doc = source.toDocument(entry);
    if (doc) documents.push(doc);
    else skipped++;
  }
  if (trailer === undefined) throw new Error(`${source.name} ${source.path}: the index ended without its trailer (cut off after ${sent} entries)`);
  if (trailer !== sent) throw new Error(`${source.name} ${source.path}: the trailer counts ${trailer} entries, ${sent} arrived`);
  return { documents, etag: res.headers.get('etag'), skipped };
}
