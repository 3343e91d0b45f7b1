import { ObjectId } from 'mongodb';

/**
 * A new document id: a 24-hex ObjectId string. Ids are stored as strings (not ObjectId) so the
 * API's `_id` is the stored value and the embedded and Mongo adapters compare them alike.
 */
export function newId(): string {
  return new ObjectId().toHexString();
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
