import { IndexTrailerSchema } from '@tm/contracts';
import type { ServiceClient } from '@tm/shared/client';
import { validatorOf } from '@tm/shared/http';
import { FileOut } from './file-out.ts';

/** A longer line than this is not an index entry; the download fails rather than buffer it. */
const MAX_LINE_CHARS = 64 * 1024;

const isTrailer = validatorOf(IndexTrailerSchema);

/** What a finished download holds: the valid entries written to `path`, one per line, and their newest `updatedAt`. */
export interface DownloadedIndex {
  path: string;
  etag: string | null;
  /** Entries the service sent, valid or not (the trailer's count). */
  sent: number;
  kept: number;
  newest: string | undefined;
}

/** The lines of a byte stream, one at a time (memory bounded by the longest line). */
export async function* readLines(stream: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = stream.getReader();
  for (;;) {
    const { done, value: chunk } = await reader.read();
    if (done) break;
    buffer += decoder.decode(chunk, { stream: true });
    let at = buffer.indexOf('\n');
    while (at >= 0) {
      yield buffer.slice(0, at);
      buffer = buffer.slice(at + 1);
      at = buffer.indexOf('\n');
    }
    if (buffer.length > MAX_LINE_CHARS) throw new Error(`an index line is longer than ${MAX_LINE_CHARS} characters`);
  }
  buffer += decoder.decode();
  if (buffer.length > 0) yield buffer;
}

/**
 * Streams one NDJSON index (see @tm/contracts indexes.ts) from a service to a local file, keeping
 * the lines that match `check` (one malformed record cannot take a site file down) and failing
 * unless the trailer arrives last and counts every entry sent: a cut-off index is never used.
 * Answers `unchanged` for a 304 to `previousEtag`.
 */
export async function downloadIndex(options: {
  /** The service's client; the index comes through its raw mode (NDJSON, not the envelope). */
  client: ServiceClient;
  /** The index's path on that service. */
  indexPath: string;
  path: string;
  check: (entry: unknown) => boolean;
  timeoutMs: number;
  requestId: string;
  previousEtag?: string | null;
}): Promise<DownloadedIndex | 'unchanged'> {
  const answer = await options.client.raw(options.indexPath, {
    requestId: options.requestId,
    timeoutMs: options.timeoutMs,
    headers: { accept: 'application/x-ndjson', 'if-none-match': options.previousEtag ?? undefined },
  });
  if (!answer.ok) throw new Error(`${options.indexPath}: ${answer.message} (${answer.code})`);
  const res = answer.response;
  if (res.status === 304 && options.previousEtag) return 'unchanged';
  if (res.status !== 200 || !res.body) {
    await res.body?.cancel();
    throw new Error(`${options.indexPath} answered ${res.status}`);
  }
  const out = new FileOut(options.path);
  let sent = 0;
  let kept = 0;
  let newest: string | undefined;
  let trailer: { count: number } | undefined;
  try {
    for await (const line of readLines(res.body)) {
      if (line.trim() === '') continue;
      if (trailer) throw new Error(`${options.indexPath}: data after the trailer`);
      const value: unknown = JSON.parse(line);
      if (isTrailer.Check(value)) {
        trailer = value as { count: number };
        continue;
      }
      sent++;
      if (!options.check(value)) continue;
      kept++;
      const updatedAt = (value as { updatedAt?: unknown }).updatedAt;
      if (typeof updatedAt === 'string' && !Number.isNaN(Date.parse(updatedAt))) {
        const iso = new Date(Date.parse(updatedAt)).toISOString();
        if (!newest || iso > newest) newest = iso;
      }
      await out.write(`${JSON.stringify(value)}\n`);
    }
  } finally {
    await out.close();
  }
  if (!trailer) throw new Error(`${options.indexPath}: the index ended without its trailer (cut off after ${sent} entries)`);
  if (trailer.count !== sent) throw new Error(`${options.indexPath}: the trailer counts ${trailer.count} entries, ${sent} arrived`);
  return { path: options.path, etag: res.headers.get('etag'), sent, kept, newest };
}
