import { describe, expect, it } from 'bun:test';
import { Bodies } from './embedded-bodies.ts';
import { decodeDocument, encodeDocument } from './embedded-rows.ts';

const bytes = (n: number, fill: number) => new Uint8Array(n).fill(fill);

describe('encoded documents', () => {
  it('decode to an equal copy, dates, nesting, null and every script included, a fresh object each time', () => {
    const doc = {
      _id: 'a1',
      when: new Date('2026-11-20T10:00:00Z'),
      nested: { list: [1, 'two', null, { deep: true }] },
      names: { hi: 'रिएक्ट डेवलपर', ar: 'مطور', de: 'Entwickler für Grüße' },
    };
    const encoded = encodeDocument(doc);
    const a = decodeDocument<typeof doc>(encoded);
    expect(a).toEqual(doc);
    expect(a.when).toBeInstanceOf(Date);
    expect(decodeDocument(encoded)).not.toBe(a);
  });

  it('are compressed past 1 KiB, smaller than the uncompressed serialization, and read back whole', () => {
    const big = { _id: 'b', text: 'A developer who ships React products with tests and weekly reports. '.repeat(40) };
    const encoded = encodeDocument(big);
    expect(encoded.byteLength).toBeLessThan(Buffer.byteLength(big.text) / 4);
    expect(decodeDocument(encoded)).toEqual(big);
    // A small document is stored as serialized, without the zstd frame's magic number in front.
    expect([...encodeDocument({ _id: 's' }).subarray(0, 4)]).not.toEqual([0x28, 0xb5, 0x2f, 0xfd]);
  });
});

describe('the bodies of an embedded collection', () => {
  it('stay in memory up to the threshold, then all move to the file, every body still read back as written', () => {
    const bodies = new Bodies(1_000);
    bodies.set('a', bytes(600, 1));
    expect(bodies.spilled).toBe(false);
    bodies.set('b', bytes(600, 2));
    expect(bodies.spilled).toBe(true);
    bodies.set('c', bytes(10, 3));
    expect(bodies.get('a')).toEqual(bytes(600, 1));
    expect(bodies.get('b')).toEqual(bytes(600, 2));
    expect(bodies.get('c')).toEqual(bytes(10, 3));
    expect(bodies.get('nope')).toBeUndefined();
    bodies.close();
  });

  it('read the latest version of a replaced body and nothing of a deleted one, in the file as in memory', () => {
    for (const threshold of [0, 1_000_000]) {
      const bodies = new Bodies(threshold);
      bodies.set('a', bytes(100, 1));
      bodies.set('b', bytes(100, 2));
      bodies.set('a', bytes(50, 9));
      bodies.delete('b');
      bodies.set('c', bytes(20, 3));
      expect(bodies.get('a')).toEqual(bytes(50, 9));
      expect(bodies.get('b')).toBeUndefined();
      expect(bodies.get('c')).toEqual(bytes(20, 3));
      bodies.close();
    }
  });

  it('compact the file once replaced bytes outweigh the live ones, keeping every live body', () => {
    const bodies = new Bodies(0);
    for (let round = 0; round < 5; round++) for (let i = 0; i < 20; i++) bodies.set(`d${i}`, bytes(1_000, round * 20 + i));
    for (let i = 0; i < 20; i++) expect(bodies.get(`d${i}`)).toEqual(bytes(1_000, 80 + i));
    // 100 writes of 1,000 bytes, 20,000 live: never more than twice the live bytes kept.
    expect(bodies.fileBytes).toBeLessThanOrEqual(40_000);
    bodies.close();
  });
});
