/**
 * A new document id: a 24-hex string in MongoDB's ObjectId layout (4 bytes of seconds since the
 * epoch, 5 random bytes per process, a 3-byte counter), made here so the core loads no driver.
 * Ids are stored as strings (not ObjectId) so the API's `_id` is the stored value and the
 * embedded and Mongo adapters compare them alike.
 */
const processBytes = crypto.getRandomValues(new Uint8Array(5));
let counter = (crypto.getRandomValues(new Uint32Array(1))[0] ?? 0) & 0xffffff;

export function newId(): string {
  const bytes = new Uint8Array(12);
  new DataView(bytes.buffer).setUint32(0, Math.floor(Date.now() / 1000));
  bytes.set(processBytes, 4);
  counter = (counter + 1) & 0xffffff;
  bytes[9] = counter >> 16;
  bytes[10] = (counter >> 8) & 0xff;
  bytes[11] = counter & 0xff;
  return Buffer.from(bytes).toString('hex');
}

/** True for a 24-hex id as `newId` makes. */
export function isId(value: string): boolean {
  return /^[0-9a-f]{24}$/.test(value);
}

/** A stable id derived from a natural key (a slug), so seeding twice yields the same ids. */
export function stableId(namespace: string, key: string): string {
  const hash = new Bun.CryptoHasher('sha256').update(`${namespace}:${key}`).digest('hex');
  return hash.slice(0, 24);
}
