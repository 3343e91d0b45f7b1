import { readInt32LE, utf8Text } from '../core/utf8.ts';

/**
 * A document read from its BSON (a `rawBatches` document) into the plain objects the driver's
 * decoding (BSON.deserialize, default options) makes of it, when it holds only strings, numbers
 * (double, int32), booleans, null, embedded documents and arrays; undefined for anything else
 * (an ObjectId, a Date, an int64, a field twice, an array not numbered 0, 1, ..., a `__proto__`
 * field, a layout it does not expect), which the caller decodes with the driver instead.
 * Invalid UTF-8 in a string throws a TypeError, as the driver's decoding throws.
 *
 * Faster than the driver's decoding mainly by its field names: each distinct name is decoded
 * once and handed out again by its bytes (a 100k talent directory's cards: 2.9-3.5 s CPU in the
 * driver, 0.75-1.3 s here; docs/scale.md, "Eighth pass").
 */
export function readPlainBson(bytes: Uint8Array): Record<string, unknown> | undefined {
  const b = (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) as Buffer;
  if (b.length < 5 || readInt32LE(b, 0) !== b.length || b[b.length - 1] !== 0) return undefined;
  try {
    return readDocument(b, 0, false) as Record<string, unknown>;
  } catch (e) {
    if (e === UNEXPECTED) return undefined;
    throw e;
  }
}

/** Thrown inside the reader for anything it leaves to the driver. */
const UNEXPECTED = new Error('unexpected BSON');

function readDocument(b: Buffer, at: number, array: boolean): Record<string, unknown> | unknown[] {
  const size = readInt32LE(b, at);
  const end = at + size - 1;
  if (size < 5 || end >= b.length || b[end] !== 0) throw UNEXPECTED;
  at += 4;
  const object: Record<string, unknown> = {};
  const list: unknown[] = [];
  while (at < end) {
    const type = b[at] as number;
    const nameStart = at + 1;
    let nameEnd = nameStart;
    while (nameEnd < end && b[nameEnd] !== 0) nameEnd++;
    if (nameEnd >= end) throw UNEXPECTED;
    at = nameEnd + 1;
    let value: unknown;
    switch (type) {
      case STRING: {
        const length = readInt32LE(b, at);
        if (length < 1 || at + 4 + length > end || b[at + 3 + length] !== 0) throw UNEXPECTED;
        value = utf8Text(b, at + 4, at + 3 + length);
        at += 4 + length;
        break;
      }
      case INT32:
        if (at + 4 > end) throw UNEXPECTED;
        value = readInt32LE(b, at);
        at += 4;
        break;
      case DOUBLE:
        if (at + 8 > end) throw UNEXPECTED;
        value = b.readDoubleLE(at);
        at += 8;
        break;
      case BOOLEAN: {
        const v = b[at];
        if (v !== 0 && v !== 1) throw UNEXPECTED;
        value = v === 1;
        at += 1;
        break;
      }
      case NULL:
        value = null;
        break;
      case DOCUMENT:
      case ARRAY:
        value = readDocument(b, at, type === ARRAY);
        at += readInt32LE(b, at);
        break;
      default:
        throw UNEXPECTED;
    }
    if (at > end) throw UNEXPECTED;
    if (array) {
      if (!isIndex(b, nameStart, nameEnd, list.length)) throw UNEXPECTED;
      list.push(value);
    } else {
      const name = nameOf(b, nameStart, nameEnd);
      if (name === '__proto__' || Object.hasOwn(object, name)) throw UNEXPECTED;
      object[name] = value;
    }
  }
  if (at !== end) throw UNEXPECTED;
  return array ? list : object;
}

/** True when `b[start..end)` is the decimal text of `index` (as the driver numbers an array's elements). */
function isIndex(b: Uint8Array, start: number, end: number, index: number): boolean {
  if (index < 10) return end - start === 1 && b[start] === 48 + index;
  let at = end;
  let n = index;
  while (n > 0) {
    at--;
    if (at < start || b[at] !== 48 + (n % 10)) return false;
    n = Math.floor(n / 10);
  }
  return at === start;
}

/** Field names decoded before, by a hash of their bytes: a batch of cards repeats a few dozen names. */
const names = new Map<number, string[]>();
/** A bound on the names kept (a collection with arbitrary keys decodes the rest each time). */
const MAX_NAMES = 4_096;
let nameCount = 0;

function nameOf(b: Buffer, start: number, end: number): string {
  let hash = end - start;
  for (let i = start; i < end; i++) hash = (Math.imul(hash, 31) + (b[i] as number)) | 0;
  let known = names.get(hash);
  if (known !== undefined)
    for (const name of known) {
      if (name.length !== end - start) continue;
      let same = true;
      for (let i = 0; i < name.length; i++)
        if (name.charCodeAt(i) !== b[start + i]) {
          same = false;
          break;
        }
      if (same) return name;
    }
  const name = utf8Text(b, start, end);
  // Only ASCII names are kept (compared by char code above).
  if (nameCount < MAX_NAMES && name.length === end - start) {
    if (known === undefined) {
      known = [];
      names.set(hash, known);
    }
    known.push(name);
    nameCount++;
  }
  return name;
}

const DOUBLE = 0x01;
const STRING = 0x02;
const DOCUMENT = 0x03;
const ARRAY = 0x04;
const BOOLEAN = 0x08;
const NULL = 0x0a;
const INT32 = 0x10;
