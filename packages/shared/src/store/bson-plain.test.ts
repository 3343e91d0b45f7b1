import { describe, expect, it } from 'bun:test';
import { Long, ObjectId } from 'mongodb';
import { readPlainBson } from './bson-plain.ts';
import { decodeBson, encodeBson } from './mongo-documents.ts';

/** The reader's answer must be the driver's decoding, key order included. */
function expectSameAsDriver(doc: Record<string, unknown>) {
  const bytes = encodeBson(doc);
  const read = readPlainBson(bytes);
  expect(read).toBeDefined();
  expect(read).toStrictEqual(decodeBson(bytes));
  expect(JSON.stringify(read)).toBe(JSON.stringify(decodeBson(bytes)));
}

describe('readPlainBson', () => {
  it('reads a card as the driver decodes it: nested documents, arrays, numbers, booleans, null', () => {
    expectSameAsDriver({
      _id: '0123456789abcdef01234567',
      slug: 'ada-lovelace',
      role: 'pm',
      displayName: 'Ada Lovelace',
      skills: [
        { name: 'Rust', level: 'expert', years: 7 },
        { name: 'Go', level: 'senior' },
      ],
      location: { city: 'London', country: 'GB', remote: true },
      rating: 4.75,
      reviewCount: 12,
      negative: -3,
      zero: -0,
      big: 2 ** 40,
      availability: { status: 'available', nextAvailable: null },
      services: [],
      industries: ['fintech'],
      indexable: false,
      empty: {},
      nested: [[1, 2], [], [{ a: [true] }]],
    });
  });

  it('reads missing and null fields as the driver does', () => {
    expectSameAsDriver({ _id: 'a', industries: null, headline: '' });
    expectSameAsDriver({});
  });

  it('reads non-ASCII text and names as the driver does', () => {
    expectSameAsDriver({ displayName: 'Zoë Ñúñez 李小龍 🚀', café: 'crème', skills: [{ name: 'Ünïcode' }] });
    // Twice: the second read takes its names from the memo.
    expectSameAsDriver({ displayName: 'Zoë', café: 'x' });
  });

  it('keeps a U+FFFD in valid text and throws on invalid UTF-8 as the driver does', () => {
    expectSameAsDriver({ displayName: 'a\ufffdb' });
    const bytes = Buffer.from(encodeBson({ displayName: 'abc' }));
    const at = bytes.indexOf('abc');
    bytes[at + 1] = 0xff;
    expect(() => decodeBson(bytes)).toThrow();
    expect(() => readPlainBson(bytes)).toThrow(TypeError);
  });

  it('leaves unexpected types to the driver (undefined): ObjectId, Date, int64, nested ones too', () => {
    for (const doc of [{ _id: new ObjectId() }, { updatedAt: new Date(0) }, { n: Long.fromNumber(5) }, { skills: [{ at: new Date(0) }] }])
      expect(readPlainBson(encodeBson(doc))).toBeUndefined();
  });

  it('leaves a field twice, a __proto__ field and arrays not numbered 0, 1, ... to the driver', () => {
    const twice = Buffer.from(encodeBson({ ab: 'x', ac: 'y' }));
    twice[twice.indexOf('ac') + 1] = 'b'.charCodeAt(0);
    expect(readPlainBson(twice)).toBeUndefined();
    const proto = Buffer.from(encodeBson({ __protoX_: 1 }));
    proto.write('__proto__', proto.indexOf('__protoX_'));
    expect(readPlainBson(proto)).toBeUndefined();
    const array = Buffer.from(encodeBson({ a: ['x', 'y'] }));
    array[array.indexOf('y') - 6] = '7'.charCodeAt(0);
    expect(readPlainBson(array)).toBeUndefined();
  });

  it('answers undefined for a truncated or malformed document', () => {
    const bytes = encodeBson({ a: 'text', b: { c: 1 } });
    expect(readPlainBson(bytes.subarray(0, bytes.length - 3))).toBeUndefined();
    const bad = Buffer.from(bytes);
    bad[bad.length - 1] = 1;
    expect(readPlainBson(bad)).toBeUndefined();
  });
});
