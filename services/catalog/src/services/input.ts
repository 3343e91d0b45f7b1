import { CATEGORIES, type CatalogErrorCode, type Category } from '@tm/contracts';
/**
 * Strict parsing of query strings and the pricing body into typed values, with one stable
 * error code per kind of bad input. It runs in each route's `transform` hook, before Elysia's
 * schema check, so a bad value never reaches a generic VALIDATION_FAILED or a 500.
 */
import { DomainError } from '@tm/shared';

/** Bounds from the spec and DESIGN.md ("Catalog and pricing rules"); search length is our own cap. */
export const MAX_LIMIT = 100;
export const DEFAULT_LIMIT = 20;
export const MAX_HOURS = 10_000;
export const MAX_QTY = 100;
export const MAX_CART_ITEMS = 50;
export const MAX_SEARCH_LENGTH = 100;

type Raw = unknown;

/** A plain decimal number: digits with an optional fraction, no exponent, hex, sign or spaces. */
const DECIMAL = /^(\d+(\.\d*)?|\.\d+)$/;
const INTEGER = /^\d+$/;

/** `page`: integer >= 1, default 1. */
export function parsePage(raw: Raw): number {
  if (raw === undefined) return 1;
  const n = integerFrom(raw);
  if (n === undefined || n < 1 || !Number.isSafeInteger(n)) throw new DomainError('INVALID_PAGE', 'page must be an integer of at least 1');
  return n;
}

/** `limit`: integer 1-100, default 20. */
export function parseLimit(raw: Raw): number {
  if (raw === undefined) return DEFAULT_LIMIT;
  const n = integerFrom(raw);
  if (n === undefined || n < 1 || n > MAX_LIMIT) throw new DomainError('INVALID_LIMIT', `limit must be an integer from 1 to ${MAX_LIMIT}`);
  return n;
}

/** `hours`: a number > 0 and <= 10,000; undefined means "the service's default hours". */
export function parseHours(raw: Raw): number | undefined {
  if (raw === undefined) return undefined;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && DECIMAL.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isFinite(n) || n <= 0 || n > MAX_HOURS) throw new DomainError('INVALID_HOURS', `hours must be a number greater than 0 and at most ${MAX_HOURS}`);
  return n;
}

/** `qty`: integer 1-100, default 1. */
export function parseQty(raw: Raw): number {
  if (raw === undefined) return 1;
  const n = integerFrom(raw);
  if (n === undefined || n < 1 || n > MAX_QTY) throw new DomainError('INVALID_QTY', `qty must be an integer from 1 to ${MAX_QTY}`);
  return n;
}

/** `category`: one of the known categories (an unknown one is a 400, not an empty page). */
export function parseCategory(raw: Raw): Category | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !(CATEGORIES as readonly string[]).includes(raw)) {
    throw new DomainError('INVALID_CATEGORY', `category must be one of ${CATEGORIES.join(', ')}`);
  }
  return raw as Category;
}

/** `search`: free text up to 100 characters, trimmed; blank means no search. */
export function parseSearch(raw: Raw): string | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || raw.length > MAX_SEARCH_LENGTH) {
    throw new DomainError('INVALID_SEARCH', `search must be text of at most ${MAX_SEARCH_LENGTH} characters`);
  }
  const trimmed = raw.trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * A query parameter given more than once (`?page=1&page=2`) is ambiguous: Elysia would keep one
 * of the values silently, so each repeat is a 400 with that parameter's own code instead.
 */
export function rejectRepeatedParams(url: string, codes: Readonly<Record<string, CatalogErrorCode>>): void {
  const q = url.indexOf('?');
  if (q < 0) return;
  const params = new URLSearchParams(url.slice(q + 1).split('#')[0]);
  for (const [name, code] of Object.entries(codes)) {
    if (params.getAll(name).length > 1) throw new DomainError(code, `${name} must be given at most once`);
  }
}

/**
 * True when path segment `index` of `url` is valid percent-encoded UTF-8. Bun's router turns a
 * bad escape (`%ZZ`, `%E0%A4%A`) into U+FFFD instead of failing, so the raw segment is checked.
 */
export function isDecodablePathSegment(url: string, index: number): boolean {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return true;
  const end = url.slice(start).search(/[?#]/);
  const segment = (end < 0 ? url.slice(start) : url.slice(start, start + end)).split('/')[index];
  if (segment === undefined) return true;
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

/** A cart line after parsing; `hours` undefined means the service default. */
export interface ParsedCartItem {
  serviceId: string;
  hours?: number;
  qty: number;
}

const ITEM_KEYS = new Set(['serviceId', 'hours', 'qty']);

/** The body of POST /jobs/pricing: `{ items: [{ serviceId, hours?, qty? }] }`, 1-50 items, no other fields. */
export function parseCart(body: Raw): { items: ParsedCartItem[] } {
  if (!isPlainObject(body)) throw new DomainError('INVALID_BODY', 'The body must be a JSON object with an items array');
  const extra = Object.keys(body).filter((k) => k !== 'items');
  if (extra.length > 0) throw new DomainError('UNKNOWN_FIELD', `Unknown field: ${extra[0]}`);
  const { items } = body;
  if (!Array.isArray(items) || items.length < 1 || items.length > MAX_CART_ITEMS) {
    throw new DomainError('INVALID_CART', `items must be an array of 1 to ${MAX_CART_ITEMS} cart lines`);
  }
  return { items: items.map((item, i) => parseCartItem(item, i)) };
}

function parseCartItem(item: Raw, index: number): ParsedCartItem {
  const where = `items[${index}]`;
  if (!isPlainObject(item)) throw new DomainError('INVALID_CART', `${where} must be an object with a serviceId`);
  const extra = Object.keys(item).filter((k) => !ITEM_KEYS.has(k));
  if (extra.length > 0) throw new DomainError('UNKNOWN_FIELD', `Unknown field: ${where}.${extra[0]}`);
  const { serviceId, hours, qty } = item;
  if (typeof serviceId !== 'string' || serviceId.trim() === '' || serviceId.length > 100) {
    throw new DomainError('INVALID_SERVICE_ID', `${where}.serviceId must be a service id or slug`);
  }
  if (hours !== undefined && typeof hours !== 'number') throw new DomainError('INVALID_HOURS', `${where}.hours must be a number`);
  if (qty !== undefined && typeof qty !== 'number') throw new DomainError('INVALID_QTY', `${where}.qty must be an integer`);
  const parsedHours = parseHours(hours);
  return { serviceId: serviceId.trim(), ...(parsedHours === undefined ? {} : { hours: parsedHours }), qty: parseQty(qty) };
}

function integerFrom(raw: Raw): number | undefined {
  if (typeof raw === 'number') return Number.isInteger(raw) ? raw : undefined;
  if (typeof raw !== 'string' || !INTEGER.test(raw) || raw.length > 15) return undefined;
  return Number(raw);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
