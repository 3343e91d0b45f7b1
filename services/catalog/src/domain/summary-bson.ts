import { LANGUAGES, MARKET_CODES } from '@tm/contracts';
import { readInt32LE, utf8Text } from '@tm/shared';

/**
 * A summary read straight from its BSON (the driver's `raw: true` read), without the driver's
 * decoding into objects: at 100k services that decoding made ~7M strings and 1M objects (6M of
 * the strings the stored search words, each then hashed into a word index) and ~2.6 s of CPU
 * plus the collections of them (docs/scale.md, "Seventh pass"). Only the fields the snapshot keeps
 * are read, each as the object path would see it (SummaryColumns.push): strings, numbers (double,
 * int32), null, and an ObjectId `_id` as its hex string. Anything else (a Date, an int64, a
 * value of another type where a string or number is expected, a field twice) makes `readSummary`
 * answer false, and the caller decodes that document with the driver's BSON instead.
 *
 * One reader per build: it fills its fields in place for each document (no object per document
 * but the texts, which the columns keep).
 */
export class SummaryBson {
  id = '';
  slug = '';
  project = false;
  category = '';
  rank = 0;
  defaultHours = 0;
  minHours = 0;
  /** Bit m set when the service lists MARKET_CODES[m] (as SummaryColumns counts them). */
  markets = 0;
  /** The hourly rate per MARKET_CODES entry, NaN where there is none. */
  readonly rates = new Float64Array(MARKET_CODES.length);
  updatedAt = '';
  /** Name then summary per language (LANGUAGES order), English standing in for a missing one; a new array per document. */
  texts: string[] = [];
  /** Per language, where its stored search words' BSON array starts in `bytes`, or -1 when none are stored (null or absent). */
  readonly words = new Int32Array(LANGUAGES.length);
  /** The document last read. */
  bytes: NodeBuffer = Buffer.alloc(0) as NodeBuffer;

  private readonly copies: (string | undefined)[] = new Array(2 * LANGUAGES.length);
  /** Category and `updatedAt` values read before (few distinct ones in most catalogs), by their bytes. */
  private readonly seen = new RecentStrings();

  /** Reads one document; false when it holds something only the driver's decoding reads as the object path expects. */
  read(doc: Uint8Array): boolean {
    const b = (Buffer.isBuffer(doc) ? doc : Buffer.from(doc.buffer, doc.byteOffset, doc.byteLength)) as NodeBuffer;
    this.bytes = b;
    this.copies.fill(undefined);
    this.words.fill(-1);
    this.markets = 0;
    this.rates.fill(Number.NaN);
    this.project = false;
    let seen = 0;
    const end = readInt32LE(b, 0) - 1;
    let at = 4;
    while (at < end) {
      const type = b[at] as number;
      const nameStart = at + 1;
      const nameEnd = nulFrom(b, nameStart);
      if (nameEnd < 0 || nameEnd >= end) return false;
      const field = fieldAt(b, nameStart, nameEnd);
      at = nameEnd + 1;
      if (field !== undefined) {
        if ((seen & (1 << field)) !== 0) return false;
        seen |= 1 << field;
        if (!this.field(field, type, b, at)) return false;
      }
      const size = valueSize(type, b, at);
      if (size < 0) return false;
      at += size;
    }
    // What the object path requires (it would read undefined, or throw on a missing English copy).
    const required = (1 << F.id) | (1 << F.slug) | (1 << F.category) | (1 << F.rank) | (1 << F.defaultHours) | (1 << F.minHours) | (1 << F.updatedAt);
    if ((seen & required) !== required) return false;
    const en = this.copies;
    const texts: string[] = [];
    for (let i = 0; i < 2 * LANGUAGES.length; i++) {
      const t = en[i] ?? en[i % 2];
      if (t === undefined) return false;
      texts.push(t);
    }
    this.texts = texts;
    return true;
  }

  private field(field: number, type: number, b: NodeBuffer, at: number): boolean {
    switch (field) {
      case F.id:
        if (type === STRING) this.id = readString(b, at);
        else if (type === OBJECT_ID) this.id = b.hexSlice(at, at + 12);
        else return false;
        return true;
      case F.slug:
        if (type !== STRING) return false;
        this.slug = readString(b, at);
        return true;
      case F.kind:
        if (type === STRING) this.project = stringIs(b, at, PROJECT, 0, PROJECT.length);
        else if (type !== NULL) return false;
        return true;
      case F.category:
        if (type !== STRING) return false;
        this.category = this.seen.read(b, at);
        return true;
      case F.updatedAt:
        if (type !== STRING) return false;
        this.updatedAt = this.seen.read(b, at);
        return true;
      case F.rank:
      case F.defaultHours:
      case F.minHours: {
        const n = readNumber(type, b, at);
        if (n === undefined) return false;
        if (field === F.rank) this.rank = n;
        else if (field === F.defaultHours) this.defaultHours = n;
        else this.minHours = n;
        return true;
      }
      case F.markets:
        return type === NULL || (type === ARRAY && this.readMarkets(b, at));
      case F.prices:
        return type === NULL || (type === DOCUMENT && this.readPrices(b, at));
      case F.i18n:
        return type === DOCUMENT && this.readCopies(b, at);
      case F.searchWords:
        return type === NULL || (type === DOCUMENT && this.readWords(b, at));
    }
    return true;
  }

  private readMarkets(b: NodeBuffer, doc: number): boolean {
    return eachElement(b, doc, (type, _start, _end, at) => {
      if (type !== STRING) return false;
      // A market code by its bytes; anything else as the object path reads it (`m in MARKET_AT`).
      let m = readInt32LE(b, at) === 3 ? codeAt(MARKET_BY_CODE, b, at + 4, at + 6) : undefined;
      if (m === undefined) {
        const text = readString(b, at);
        m = text in MARKET_AT ? MARKET_AT[text] : undefined;
      }
      if (m !== undefined) this.markets |= 1 << m;
      return true;
    });
  }

  private readPrices(b: NodeBuffer, doc: number): boolean {
    return eachElement(b, doc, (type, start, end, at) => {
      const m = codeAt(MARKET_BY_CODE, b, start, end);
      if (m === undefined) return valueSize(type, b, at) >= 0;
      if (type === NULL) return true;
      if (type !== DOCUMENT) return false;
      let rate: number | undefined;
      const ok = eachElement(b, at, (t, ns, ne, v) => {
        if (!nameIs(b, ns, ne, HOURLY_RATE)) return valueSize(t, b, v) >= 0;
        if (t === NULL) return true;
        rate = readNumber(t, b, v);
        return rate !== undefined;
      });
      if (ok && rate !== undefined) this.rates[m] = rate;
      return ok;
    });
  }

  private readCopies(b: NodeBuffer, doc: number): boolean {
    return eachElement(b, doc, (type, start, end, at) => {
      const l = codeAt(LANG_BY_CODE, b, start, end);
      if (l === undefined) return valueSize(type, b, at) >= 0;
      if (type === NULL) return true;
      if (type !== DOCUMENT) return false;
      return eachElement(b, at, (t, ns, ne, v) => {
        const which = nameIs(b, ns, ne, NAME) ? 0 : nameIs(b, ns, ne, SUMMARY) ? 1 : -1;
        if (which < 0 || t === NULL) return valueSize(t, b, v) >= 0;
        if (t !== STRING) return false;
        this.copies[2 * l + which] = readString(b, v);
        return true;
      });
    });
  }

  private readWords(b: NodeBuffer, doc: number): boolean {
    return eachElement(b, doc, (type, start, end, at) => {
      const l = codeAt(LANG_BY_CODE, b, start, end);
      if (l === undefined) return valueSize(type, b, at) >= 0;
      if (type === NULL) return true;
      if (type !== ARRAY) return false;
      // Every element a string, so the words can be handed over one by one later (eachWord).
      if (!allStrings(b, at)) return false;
      this.words[l] = at;
      return true;
    });
  }
}

/** Calls `take(start, end)` with the UTF-8 bytes of each string in the BSON array at `array` (read() checked they are strings). */
export function eachWord(b: Uint8Array, array: number, take: (start: number, end: number) => void): void {
  const end = array + readInt32LE(b, array) - 1;
  let at = array + 4;
  while (at < end) {
    at = nulFrom(b, at + 1) + 1;
    const length = readInt32LE(b, at);
    take(at + 4, at + 3 + length);
    at += 4 + length;
  }
}

/** True when every element of the BSON array at `array` is a string (its names not decoded: 6M of them in a 100k catalog). */
function allStrings(b: Uint8Array, array: number): boolean {
  const end = array + readInt32LE(b, array) - 1;
  let at = array + 4;
  while (at < end) {
    if (b[at] !== STRING) return false;
    at = nulFrom(b, at + 1) + 1;
    if (at <= 0 || at >= end) return false;
    at += 4 + readInt32LE(b, at);
  }
  return at === end;
}

/** The field at `b[start..end)` (a name's bytes), or undefined for one the snapshot does not read. */
function fieldAt(b: Uint8Array, start: number, end: number): number | undefined {
  for (let f = 0; f < FIELD_NAMES.length; f++) if (nameIs(b, start, end, FIELD_NAMES[f] as Uint8Array)) return f;
  return undefined;
}

function nameIs(b: Uint8Array, start: number, end: number, name: Uint8Array): boolean {
  if (end - start !== name.length) return false;
  for (let i = 0; i < name.length; i++) if (b[start + i] !== name[i]) return false;
  return true;
}

/** A two-letter code's entry in `byCode` (keyed by its two bytes), or undefined. */
function codeAt(byCode: Map<number, number>, b: Uint8Array, start: number, end: number): number | undefined {
  return end - start === 2 ? byCode.get(((b[start] as number) << 8) | (b[start + 1] as number)) : undefined;
}

const codes = (list: readonly string[]) => new Map<number, number>(list.map((c, i) => [(c.charCodeAt(0) << 8) | c.charCodeAt(1), i]));
const MARKET_BY_CODE = codes(MARKET_CODES);
const LANG_BY_CODE = codes(LANGUAGES);
const NAME = Buffer.from('name');
const SUMMARY = Buffer.from('summary');
const HOURLY_RATE = Buffer.from('hourlyRate');

/**
 * Strings read before, by their bytes: a category or `updatedAt` value seen in an earlier document
 * is handed out again instead of decoded (up to RECENT_STRINGS of them; a catalog whose values
 * are all distinct decodes each, as before).
 */
class RecentStrings {
  private readonly bytes: Buffer[] = [];
  private readonly strings: string[] = [];

  read(b: NodeBuffer, at: number): string {
    const length = readInt32LE(b, at) - 1;
    for (let i = 0; i < this.bytes.length; i++) {
      const known = this.bytes[i] as Buffer;
      if (known.length === length && stringIs(b, at, known, 0, length)) return this.strings[i] as string;
    }
    const s = readString(b, at);
    if (this.bytes.length === RECENT_STRINGS) {
      this.bytes.shift();
      this.strings.shift();
    }
    this.bytes.push(Buffer.from(b.subarray(at + 4, at + 4 + length)));
    this.strings.push(s);
    return s;
  }
}
const RECENT_STRINGS = 16;

/** Node's and Bun's Buffer methods behind toString('utf8' | 'hex', start, end), without its argument checks (faster for short strings; not in the type definitions). */
type NodeBuffer = Buffer & { utf8Slice(start: number, end: number): string; hexSlice(start: number, end: number): string };

const F = {
  id: 0,
  slug: 1,
  kind: 2,
  category: 3,
  rank: 4,
  markets: 5,
  defaultHours: 6,
  minHours: 7,
  prices: 8,
  updatedAt: 9,
  searchWords: 10,
  i18n: 11,
} as const;
/** FIELD_NAMES[f] is field f's name. */
const FIELD_NAMES = Object.entries(F)
  .sort((a, b) => a[1] - b[1])
  .map(([k]) => Buffer.from(k === 'id' ? '_id' : k));
/** As SummaryColumns reads a market code (`in`: a key of the object or its prototype). */
const MARKET_AT = Object.fromEntries(MARKET_CODES.map((m, i) => [m, i])) as Record<string, number>;
const PROJECT = Buffer.from('project');

const DOUBLE = 0x01;
const STRING = 0x02;
const DOCUMENT = 0x03;
const ARRAY = 0x04;
const OBJECT_ID = 0x07;
const BOOLEAN = 0x08;
const DATE = 0x09;
const NULL = 0x0a;
const INT32 = 0x10;
const TIMESTAMP = 0x11;
const INT64 = 0x12;

/** Where the next NUL byte is from `at` (a cstring's end; -1 when none): a loop, not a native call, for the short names of array elements. */
function nulFrom(b: Uint8Array, at: number): number {
  while (at < b.length && b[at] !== 0) at++;
  return at < b.length ? at : -1;
}

const scratch = new DataView(new ArrayBuffer(8));

function readNumber(type: number, b: Uint8Array, at: number): number | undefined {
  if (type === INT32) return readInt32LE(b, at);
  if (type !== DOUBLE) return undefined;
  for (let i = 0; i < 8; i++) scratch.setUint8(i, b[at + i] as number);
  return scratch.getFloat64(0, true);
}

/** The BSON string at `at`, checked as UTF-8 as the driver's decoding checks it (invalid bytes throw a TypeError). */
function readString(b: Uint8Array, at: number): string {
  const start = at + 4;
  return utf8Text(b, start, start + readInt32LE(b, at) - 1);
}

/** True when the BSON string at `at` is `expected[from..to)`. */
function stringIs(b: Uint8Array, at: number, expected: Uint8Array, from: number, to: number): boolean {
  if (readInt32LE(b, at) !== to - from + 1) return false;
  for (let i = from; i < to; i++) if (b[at + 4 + i - from] !== expected[i]) return false;
  return true;
}

/** The size of a value of `type` at `at`, or -1 for a type this reader does not skip. */
function valueSize(type: number, b: Uint8Array, at: number): number {
  switch (type) {
    case DOUBLE:
    case DATE:
    case TIMESTAMP:
    case INT64:
      return 8;
    case STRING:
      return 4 + readInt32LE(b, at);
    case DOCUMENT:
    case ARRAY:
      return readInt32LE(b, at);
    case OBJECT_ID:
      return 12;
    case BOOLEAN:
      return 1;
    case NULL:
      return 0;
    case INT32:
      return 4;
    default:
      return -1;
  }
}

/** Calls `take(type, nameStart, nameEnd, valueAt)` for each element of the embedded document or array at `doc`; false as soon as `take` or the layout says so. */
function eachElement(b: Buffer, doc: number, take: (type: number, nameStart: number, nameEnd: number, at: number) => boolean): boolean {
  const end = doc + readInt32LE(b, doc) - 1;
  let at = doc + 4;
  while (at < end) {
    const type = b[at] as number;
    const nameEnd = nulFrom(b, at + 1);
    if (nameEnd < 0 || nameEnd >= end) return false;
    const nameStart = at + 1;
    at = nameEnd + 1;
    if (!take(type, nameStart, nameEnd, at)) return false;
    const size = valueSize(type, b, at);
    if (size < 0) return false;
    at += size;
  }
  return true;
}
