/**
 * Reading text and numbers straight out of bytes (a document's BSON, read without the driver's
 * decoding: the catalog's summaries, talent's cards, the token index's words), checked as the
 * driver's decoding checks them.
 */

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Node's and Bun's Buffer method behind toString('utf8', start, end), without its argument checks (not in the type definitions). */
type Utf8Sliced = Uint8Array & { utf8Slice(start: number, end: number): string };

/**
 * `bytes[start..end)` as text; bytes that are not UTF-8 throw a TypeError, as the driver's
 * decoding throws. A Buffer's own slice (no view made) unless the text holds a replacement
 * character, which either was in the text or stands for invalid bytes: then the strict decoder decides.
 */
export function utf8Text(bytes: Uint8Array, start: number, end: number): string {
  if (Buffer.isBuffer(bytes)) {
    const text = (bytes as unknown as Utf8Sliced).utf8Slice(start, end);
    if (!text.includes('\ufffd')) return text;
  }
  return strictUtf8.decode(bytes.subarray(start, end));
}

/** The little-endian int32 at `bytes[at..at+4)` (BSON's lengths and int32 values). */
export function readInt32LE(bytes: Uint8Array, at: number): number {
  return (bytes[at] as number) | ((bytes[at + 1] as number) << 8) | ((bytes[at + 2] as number) << 16) | ((bytes[at + 3] as number) << 24);
}
