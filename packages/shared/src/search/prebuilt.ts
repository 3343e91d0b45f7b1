import { etagOf, matchesIfNoneMatch } from '../http/etag.ts';
import { buildReleaser, releaseBatch, yieldToRequests } from './yield-to-requests.ts';

/**
 * Whole-list answers built from one data version and served many times, with a strong ETag so a
 * client or the gateway that already holds the version gets a bodiless 304 for a matching
 * If-None-Match (RFC 9110 13.1.2). Three kinds:
 * - prebuilt: the body kept as bytes (public lists that must answer fast: /talent/sitemap);
 * - streamed: nothing kept but the ETag; the body is generated again, chunk by chunk, from the
 *   immutable snapshot for each full answer (the internal indexes, tens of MB at 100k items and
 *   read once per change by the gateway's site builder);
 * - rebuildable: the ETag kept, the body kept while it fits a byte budget and built again when a
 *   full answer needs it (prebuilt-cache.ts; /services/catalog, one answer per market and language).
 */
export interface PrebuiltAnswer {
  readonly body: Uint8Array<ArrayBuffer>;
  readonly etag: string;
  readonly contentType: string;
}

export interface StreamedAnswer {
  readonly etag: string;
  readonly contentType: string;
  /** The body's text in order; every call yields the same text (it reads an immutable snapshot). */
  readonly chunks: () => Iterable<string>;
}

/** An answer whose ETag is at hand but whose body may have been dropped: `load` gives it, kept or built again. */
export interface RebuildableAnswer {
  readonly etag: string;
  readonly contentType: string;
  readonly load: () => PrebuiltAnswer;
}

export type WholeListAnswer = PrebuiltAnswer | StreamedAnswer | RebuildableAnswer;

/** Store, but revalidate before every reuse: the data may change any second, the 304 is cheap. */
export const REVALIDATE = 'public, no-cache';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Builds an answer from its text. */
export function prebuild(text: string, contentType = JSON_TYPE): PrebuiltAnswer {
  const body = new TextEncoder().encode(text);
  return { body, etag: etagOf(body), contentType };
}

/**
 * Chunks made between two yields to the event loop, in a streamed answer's ETag pass and in every
 * full answer: at 500 lines a chunk, 3 chunks of the 100k-service index are ~7 ms, so requests
 * wait at most that long. Each slice's garbage (the lines' objects and strings) is collected as
 * the slice ends (releaseBatch): a pass over the 56 MB index otherwise let JSC's heap grow by
 * ~230 MB before collecting it (docs/scale.md, issue 26).
 */
const CHUNKS_PER_SLICE = 3;
/**
 * Slices of an ETag pass between two of its collections (it yields after each): a collection
 * every slice took half of the catalog's 100k pass (0.6-0.9 s CPU, 0.3-0.5 s at every fourth,
 * docs/scale.md, "Seventh pass"); four slices' garbage is ~10 MB.
 */
const SLICES_PER_RELEASE = 4;

/**
 * A streamed answer: `chunks` is walked once now to hash the bytes (the ETag), yielding to the
 * event loop and releasing the garbage every few chunks (tens of MB at 100k items would block it
 * for seconds), then again for every full answer, chunk by chunk as the reader takes them. It
 * must yield the same text each time.
 */
export async function streamed(chunks: () => Iterable<string>, contentType = JSON_TYPE): Promise<StreamedAnswer> {
  const hasher = new Bun.CryptoHasher('sha1');
  let bytes = 0;
  let count = 0;
  const encoder = new TextEncoder();
  const release = buildReleaser();
  for (const chunk of chunks()) {
    const encoded = encoder.encode(chunk);
    hasher.update(encoded);
    bytes += encoded.byteLength;
    if (++count % CHUNKS_PER_SLICE === 0) await (count % (CHUNKS_PER_SLICE * SLICES_PER_RELEASE) === 0 ? release() : yieldToRequests());
  }
  return { etag: `"${hasher.digest('base64url').slice(0, 16)}-${bytes}"`, contentType, chunks };
}

/** The text of `items` as chunks of `size` items each, every item through `render`. */
export function* inChunks<T>(items: readonly T[], size: number, render: (item: T, index: number) => string): Generator<string> {
  for (let start = 0; start < items.length; start += size) {
    let chunk = '';
    const end = Math.min(items.length, start + size);
    for (let i = start; i < end; i++) chunk += render(items[i] as T, i);
    yield chunk;
  }
}

/** The 200 with the body (bytes or a stream of the chunks), or a 304 when the request already holds this version. */
export function answerPrebuilt(request: Request, answer: WholeListAnswer, headers: Record<string, string> = {}): Response {
  const common = (etag: string) => ({ etag, 'cache-control': REVALIDATE, ...headers });
  if (matchesIfNoneMatch(request.headers.get('if-none-match'), answer.etag)) return new Response(null, { status: 304, headers: common(answer.etag) });
  // Only now, for a full answer, is a rebuildable answer's body loaded: a 304 never rebuilds one.
  const full = 'load' in answer ? answer.load() : answer;
  const body = 'body' in full ? full.body : streamOf(full.chunks);
  return new Response(body, { status: 200, headers: { 'content-type': full.contentType, ...common(full.etag) } });
}

/**
 * The chunks as a byte stream, one chunk per pull, so a slow reader holds back the generation.
 * Every pull first yields to the event loop (every few, releasing the garbage): Bun's server pulls
 * a stream again as soon as a chunk is written, in the same turn, so a pull that never awaited
 * anything made the whole body in one turn (the 56 MB service index: 13.8 s without an answer to
 * any other request at a load of 60).
 */
function streamOf(chunks: () => Iterable<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let iterator: Iterator<string> | undefined;
  let count = 0;
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (iterator) await (++count % CHUNKS_PER_SLICE === 0 ? releaseBatch() : yieldToRequests());
      if (cancelled) return;
      iterator ??= chunks()[Symbol.iterator]();
      const next = iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    cancel() {
      cancelled = true;
      iterator?.return?.();
    },
  });
}
