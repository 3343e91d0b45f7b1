import { describe, expect, it } from 'bun:test';
import { DomainError } from '@tm/shared';
import { parseCart, parseCategory, parseHours, parseLimit, parsePage, parseQty, parseSearch } from './input.ts';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return err instanceof DomainError ? err.code : `not a DomainError: ${String(err)}`;
  }
  return undefined;
}

describe('query parameters', () => {
  it('defaults page to 1 and limit to 20', () => {
    expect(parsePage(undefined)).toBe(1);
    expect(parseLimit(undefined)).toBe(20);
  });

  it('accepts integers within bounds', () => {
    expect(parsePage('3')).toBe(3);
    expect(parseLimit('1')).toBe(1);
    expect(parseLimit('100')).toBe(100);
  });

  it('rejects a bad page with INVALID_PAGE', () => {
    for (const v of ['0', '-1', '1.5', 'abc', '', ' 2', '1e3', '9999999999999999'] as const) expect(codeOf(() => parsePage(v))).toBe('INVALID_PAGE');
  });

  it('rejects a bad limit with INVALID_LIMIT', () => {
    for (const v of ['0', '101', '2.5', 'x', '']) expect(codeOf(() => parseLimit(v))).toBe('INVALID_LIMIT');
  });

  it('accepts decimal hours above 0 up to 10000', () => {
    expect(parseHours('0.5')).toBe(0.5);
    expect(parseHours('.5')).toBe(0.5);
    expect(parseHours('1.333')).toBe(1.333);
    expect(parseHours('10000')).toBe(10000);
    expect(parseHours(undefined)).toBeUndefined();
  });

  it('rejects bad hours with INVALID_HOURS', () => {
    for (const v of ['abc', '1e999', '1e2', '0', '0.0', '-1', '10000.01', 'Infinity', 'NaN', '0x10', '', ' 5'])
      expect(codeOf(() => parseHours(v))).toBe('INVALID_HOURS');
    for (const v of [0, -2, Number.POSITIVE_INFINITY, Number.NaN, 10001]) expect(codeOf(() => parseHours(v))).toBe('INVALID_HOURS');
  });

  it('defaults qty to 1 and rejects non-integers or values outside 1-100 with INVALID_QTY', () => {
    expect(parseQty(undefined)).toBe(1);
    expect(parseQty('100')).toBe(100);
    for (const v of ['2.5', '0', '101', 'two', '']) expect(codeOf(() => parseQty(v))).toBe('INVALID_QTY');
  });

  it('accepts known categories and rejects others with INVALID_CATEGORY', () => {
    expect(parseCategory('data-ai')).toBe('data-ai');
    expect(parseCategory(undefined)).toBeUndefined();
    expect(codeOf(() => parseCategory('gardening'))).toBe('INVALID_CATEGORY');
    expect(codeOf(() => parseCategory('Frontend'))).toBe('INVALID_CATEGORY');
  });

  it('trims search text, treats blank as none and rejects more than 100 characters', () => {
    expect(parseSearch('  react ')).toBe('react');
    expect(parseSearch('   ')).toBeUndefined();
    expect(codeOf(() => parseSearch('x'.repeat(101)))).toBe('INVALID_SEARCH');
  });
});

describe('parseCart', () => {
  it('parses items, defaulting qty and leaving hours to the service default', () => {
    expect(parseCart({ items: [{ serviceId: 'react-developer' }, { serviceId: 'mvp-build', hours: 12.5, qty: 2 }] })).toEqual({
      items: [
        { serviceId: 'react-developer', qty: 1 },
        { serviceId: 'mvp-build', hours: 12.5, qty: 2 },
      ],
    });
  });

  it('rejects a body that is not an object with INVALID_BODY', () => {
    for (const b of [null, undefined, [], 'text', 42]) expect(codeOf(() => parseCart(b))).toBe('INVALID_BODY');
  });

  it('rejects missing, empty, oversized or non-array items with INVALID_CART', () => {
    const item = { serviceId: 'react-developer' };
    for (const b of [{}, { items: [] }, { items: 'x' }, { items: Array(51).fill(item) }, { items: [42] }])
      expect(codeOf(() => parseCart(b))).toBe('INVALID_CART');
    expect(parseCart({ items: Array(50).fill(item) }).items).toHaveLength(50);
  });

  it('rejects unknown fields at either level with UNKNOWN_FIELD', () => {
    expect(codeOf(() => parseCart({ items: [{ serviceId: 'a' }], coupon: 'FREE' }))).toBe('UNKNOWN_FIELD');
    expect(codeOf(() => parseCart({ items: [{ serviceId: 'a', price: 1 }] }))).toBe('UNKNOWN_FIELD');
  });

  it('rejects a missing or non-string serviceId with INVALID_SERVICE_ID', () => {
    for (const i of [{}, { serviceId: 7 }, { serviceId: '  ' }, { serviceId: 'x'.repeat(101) }])
      expect(codeOf(() => parseCart({ items: [i] }))).toBe('INVALID_SERVICE_ID');
  });

  it('rejects hours and qty of the wrong type or range with their own codes', () => {
    expect(codeOf(() => parseCart({ items: [{ serviceId: 'a', hours: '10' }] }))).toBe('INVALID_HOURS');
    expect(codeOf(() => parseCart({ items: [{ serviceId: 'a', hours: 0 }] }))).toBe('INVALID_HOURS');
    expect(codeOf(() => parseCart({ items: [{ serviceId: 'a', hours: 10001 }] }))).toBe('INVALID_HOURS');
    expect(codeOf(() => parseCart({ items: [{ serviceId: 'a', qty: '2' }] }))).toBe('INVALID_QTY');
    expect(codeOf(() => parseCart({ items: [{ serviceId: 'a', qty: 1.5 }] }))).toBe('INVALID_QTY');
    expect(codeOf(() => parseCart({ items: [{ serviceId: 'a', qty: 101 }] }))).toBe('INVALID_QTY');
  });
});
