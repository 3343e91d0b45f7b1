import { describe, expect, it } from 'bun:test';
import { z } from 'zod';
import * as z4mini from 'zod/v4-mini';
import { MAX_CART_ITEMS, MAX_HOURS, MAX_PAGE_LIMIT, MAX_QTY, MAX_SEARCH_LENGTH } from '../catalog.ts';
import { MARKET_CODES } from '../markets.ts';
import { TOOL_INPUTS } from './inputs.ts';

type Shape = (typeof TOOL_INPUTS)[keyof typeof TOOL_INPUTS];
const parse = (shape: Shape, args: unknown) => z.object(shape).safeParse(args);
const messageOf = (shape: Shape, args: unknown) => {
  const r = parse(shape, args);
  return r.success ? undefined : r.error.issues[0]?.message;
};
/** The input JSON Schema exactly as the MCP SDK lists it (zod v4 mini, io: input). */
const listed = (shape: Shape) => z4mini.toJSONSchema(z.object(shape), { target: 'draft-7', io: 'input' }) as { properties: Record<string, any> };

const quote = TOOL_INPUTS.quote_service;
const cart = TOOL_INPUTS.quote_cart;

describe('MCP tool inputs carry the contract bounds', () => {
  it('takes qty as an integer from 1 to MAX_QTY and refuses anything else with INVALID_QTY', () => {
    for (const qty of [1, MAX_QTY]) expect(parse(quote, { service: 'x', qty }).success).toBe(true);
    for (const qty of [0, MAX_QTY + 1, 1.5, -1, '2']) expect(messageOf(quote, { service: 'x', qty })).toStartWith('INVALID_QTY: ');
    expect(listed(quote).properties.qty).toMatchObject({ type: 'integer', minimum: 1, maximum: MAX_QTY });
  });

  it('takes hours above 0 up to MAX_HOURS and refuses anything else with INVALID_HOURS', () => {
    for (const hours of [0.5, 1, MAX_HOURS]) expect(parse(quote, { service: 'x', hours }).success).toBe(true);
    for (const hours of [0, -5, MAX_HOURS + 0.01, '10']) expect(messageOf(quote, { service: 'x', hours })).toStartWith('INVALID_HOURS: ');
    expect(listed(quote).properties.hours).toMatchObject({ type: 'number', exclusiveMinimum: 0, maximum: MAX_HOURS });
  });

  it('bounds each cart line like quote_service and the cart to 1..MAX_CART_ITEMS lines', () => {
    const line = { serviceId: 'react-developer' };
    expect(parse(cart, { items: Array(MAX_CART_ITEMS).fill(line) }).success).toBe(true);
    expect(messageOf(cart, { items: [] })).toStartWith('INVALID_CART: ');
    expect(messageOf(cart, { items: Array(MAX_CART_ITEMS + 1).fill(line) })).toStartWith('INVALID_CART: ');
    expect(messageOf(cart, { items: [{ ...line, qty: MAX_QTY + 1 }] })).toStartWith('INVALID_QTY: ');
    expect(messageOf(cart, { items: [{ ...line, hours: 0 }] })).toStartWith('INVALID_HOURS: ');
    const items = listed(cart).properties.items;
    expect(items).toMatchObject({ minItems: 1, maxItems: MAX_CART_ITEMS });
    expect(items.items.properties.qty).toMatchObject({ type: 'integer', minimum: 1, maximum: MAX_QTY });
    expect(items.items.properties.hours).toMatchObject({ exclusiveMinimum: 0, maximum: MAX_HOURS });
  });

  it('lists each market code once and still takes a code in any letter case, upper-cased', () => {
    for (const shape of [quote, cart, TOOL_INPUTS.search_services, TOOL_INPUTS.get_service]) {
      expect(listed(shape).properties.market.enum).toEqual([...MARKET_CODES]);
    }
    const lower = z.object(quote).parse({ service: 'x', market: 'de' });
    expect(lower.market).toBe('DE');
    expect(messageOf(quote, { service: 'x', market: 'FR' })).toStartWith('INVALID_COUNTRY: ');
  });

  it('takes search text of at most MAX_SEARCH_LENGTH characters, the API limit, and a limit of 1..MAX_PAGE_LIMIT', () => {
    const search = TOOL_INPUTS.search_services;
    expect(MAX_SEARCH_LENGTH).toBe(100);
    expect(parse(search, { query: 'x'.repeat(MAX_SEARCH_LENGTH) }).success).toBe(true);
    expect(messageOf(search, { query: 'x'.repeat(MAX_SEARCH_LENGTH + 1) })).toStartWith('INVALID_SEARCH: ');
    expect(listed(search).properties.query).toMatchObject({ maxLength: MAX_SEARCH_LENGTH });
    expect(messageOf(search, { limit: MAX_PAGE_LIMIT + 1 })).toStartWith('INVALID_LIMIT: ');
    expect(listed(search).properties.limit).toMatchObject({ minimum: 1, maximum: MAX_PAGE_LIMIT });
  });
});
