import type { FileSink } from 'bun';

/** Past this many buffered bytes a writer waits for the disk, so memory stays bounded. */
const FLUSH_BYTES = 1 << 20;

/** A file written as a stream of text, with its size and a strong ETag (SHA-1 of the bytes) computed on the way. */
export class FileOut {
  private readonly sink: FileSink;
  private readonly hasher = new Bun.CryptoHasher('sha1');
  private pending = 0;
  bytes = 0;

  constructor(readonly path: string) {
    this.sink = Bun.file(path).writer({ highWaterMark: FLUSH_BYTES });
  }

  async write(text: string): Promise<void> {
    const n = Buffer.byteLength(text);
    this.sink.write(text);
    this.hasher.update(text);
    this.bytes += n;
    this.pending += n;
    if (this.pending >= FLUSH_BYTES) {
      await this.sink.flush();
      this.pending = 0;
    }
  }

  /** Ends the file; returns its ETag. */
  async close(): Promise<string> {
    await this.sink.end();
    return `"${this.hasher.digest('hex').slice(0, 32)}"`;
  }
}

/** One finished site file: where it is on disk, its ETag and media type. */
export interface SiteFile {
  path: string;
  etag: string;
  contentType: string;
}

export const TEXT = 'text/plain; charset=utf-8';
export const XML = 'application/xml; charset=utf-8';
