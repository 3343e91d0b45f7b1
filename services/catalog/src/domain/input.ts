import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { type ValueError, ValueErrorType } from '@sinclair/typebox/errors';
import { Value } from '@sinclair/typebox/value';
import {
  CATEGORIES,
  CartSchema,
  type CatalogErrorCode,
  type Category,
  DEFAULT_PAGE_LIMIT,
  MAX_HOURS,
  MAX_PAGE_LIMIT,
  MAX_QTY,
  MAX_SEARCH_LENGTH,
} from '@tm/contracts';
/**
 * The catalog's inputs, each checked by one schema built from the contract's limits, the first
 * failure mapped to its stable code. Query values arrive as text: they are decoded strictly
 * (plain decimal digits, no exponent, sign, hex or spaces) and the decoded value is checked by the
 * same schema the route declares, in the route's `transform` hook, before Elysia's own check, so
 * a bad value never reaches a generic VALIDATION_FAILED or a 500.
 */
import { DomainError } from '@tm/shared';
import { t } from 'elysia';

// The numbers are TypeBox's own: Elysia's t.Integer also takes numeric strings, which these
// checks must refuse (query text is decoded strictly first).

/** `page`: integer >= 1 (within what a double holds exactly), default 1. */
export const PageSchema = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, default: 1, description: '400 INVALID_PAGE unless an integer >= 1' });
/** `limit`: integer 1..MAX_PAGE_LIMIT, default DEFAULT_PAGE_LIMIT. */
export const LimitSchema = Type.Integer({
  minimum: 1,
  maximum: MAX_PAGE_LIMIT,
  default: DEFAULT_PAGE_LIMIT,
  description: `400 INVALID_LIMIT unless an integer 1-${MAX_PAGE_LIMIT}`,
});
// A union of literals, not t.UnionEnum: Elysia fills an absent optional UnionEnum query value with its first member.
export const CategorySchema = t.Union(
  CATEGORIES.map((c) => t.Literal(c)),
  { description: '400 INVALID_CATEGORY when unknown' },
);
export const SearchSchema = t.String({
  maxLength: MAX_SEARCH_LENGTH,
  description: `Words, each of which must begin a word of the name or summary (X-Lang copy or English); 400 INVALID_SEARCH past ${MAX_SEARCH_LENGTH} characters`,
});
/** `hours`: > 0 and <= MAX_HOURS; absent means the service's default hours. */
export const HoursSchema = Type.Number({
  exclusiveMinimum: 0,
  maximum: MAX_HOURS,
  description: `Defaults to the service default hours; 400 INVALID_HOURS unless 0 < hours <= ${MAX_HOURS}`,
});
/** `qty`: integer 1..MAX_QTY, default 1. */
export const QtySchema = Type.Integer({ minimum: 1, maximum: MAX_QTY, default: 1, description: `400 INVALID_QTY unless an integer 1-${MAX_QTY}` });

/** The query of GET /services. */
export const ListQuerySchema = t.Object({
  page: t.Optional(PageSchema),
  limit: t.Optional(LimitSchema),
  category: t.Optional(CategorySchema),
  search: t.Optional(SearchSchema),
});
/** The query of GET /services/{id}/quote. */
export const QuoteQuerySchema = t.Object({ hours: t.Optional(HoursSchema), qty: t.Optional(QtySchema) });

type Raw = unknown;

/** A plain decimal number: digits with an optional fraction, no exponent, hex, sign or spaces. */
const DECIMAL = /^(\d+(\.\d*)?|\.\d+)$/;
const INTEGER = /^\d+$/;

/** Query text decoded as a number when it is plain decimal digits (`pattern`); anything else stays as given, for the schema to refuse. */
function decodeNumber(raw: Raw, pattern: RegExp): Raw {
  return typeof raw === 'string' && pattern.test(raw) ? Number(raw) : raw;
}

/** `value` when `schema` holds for it, else the DomainError `code` with `message`. */
function checked<S extends TSchema>(schema: S, value: Raw, code: CatalogErrorCode, message: string): Static<S> {
  if (!Value.Check(schema, value)) throw new DomainError(code, message);
  return value as Static<S>;
}

/** `page`: integer >= 1, default 1. */
export function parsePage(raw: Raw): number {
  if (raw === undefined) return 1;
  return checked(PageSchema, decodeNumber(raw, INTEGER), 'INVALID_PAGE', 'page must be an integer of at least 1');
}

/** `limit`: integer 1-100, default 20. */
export function parseLimit(raw: Raw): number {
  if (raw === undefined) return DEFAULT_PAGE_LIMIT;
  return checked(LimitSchema, decodeNumber(raw, INTEGER), 'INVALID_LIMIT', `limit must be an integer from 1 to ${MAX_PAGE_LIMIT}`);
}

/** `hours`: a number > 0 and <= 10,000; undefined means "the service's default hours". */
export function parseHours(raw: Raw): number | undefined {
  if (raw === undefined) return undefined;
  return checked(HoursSchema, decodeNumber(raw, DECIMAL), 'INVALID_HOURS', HOURS_MESSAGE);
}

/** `qty`: integer 1-100, default 1. */
export function parseQty(raw: Raw): number {
  if (raw === undefined) return 1;
  return checked(QtySchema, decodeNumber(raw, INTEGER), 'INVALID_QTY', QTY_MESSAGE);
}

/** `category`: one of the known categories (an unknown one is a 400, not an empty page). */
export function parseCategory(raw: Raw): Category | undefined {
  if (raw === undefined || raw === '') return undefined;
  return checked(CategorySchema, raw, 'INVALID_CATEGORY', `category must be one of ${CATEGORIES.join(', ')}`);
}

/** `search`: free text up to 100 characters, trimmed; blank means no search. */
export function parseSearch(raw: Raw): string | undefined {
  if (raw === undefined) return undefined;
  const text = checked(SearchSchema, raw, 'INVALID_SEARCH', `search must be text of at most ${MAX_SEARCH_LENGTH} characters`).trim();
  return text === '' ? undefined : text;
}

const HOURS_MESSAGE = `hours must be a number greater than 0 and at most ${MAX_HOURS}`;
const QTY_MESSAGE = `qty must be an integer from 1 to ${MAX_QTY}`;

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

/** The code of one way a cart body breaks the contract's CartSchema, and the rank deciding which of several is reported. */
function cartProblem(e: ValueError): { code: CatalogErrorCode; item: number; rank: number; message: string } {
  const [, top, index, field] = e.path.split('/');
  if (top === undefined || top === '') return { code: 'INVALID_BODY', item: -1, rank: 0, message: 'The body must be a JSON object with an items array' };
  if (top !== 'items') return { code: 'UNKNOWN_FIELD', item: -1, rank: 1, message: `Unknown field: ${top}` };
  const cart = `items must be an array of 1 to ${CartSchema.properties.items.maxItems} cart lines`;
  if (index === undefined) return { code: 'INVALID_CART', item: -1, rank: 2, message: cart };
  const where = `items[${index}]`;
  const item = Number(index);
  const typeError = e.type === ValueErrorType.Number || e.type === ValueErrorType.String;
  if (field === undefined) return { code: 'INVALID_CART', item, rank: 0, message: `${where} must be an object with a serviceId` };
  if (e.type === ValueErrorType.ObjectAdditionalProperties) return { code: 'UNKNOWN_FIELD', item, rank: 1, message: `Unknown field: ${where}.${field}` };
  if (field === 'serviceId') return { code: 'INVALID_SERVICE_ID', item, rank: 2, message: `${where}.serviceId must be a service id or slug` };
  if (field === 'hours') return { code: 'INVALID_HOURS', item, rank: typeError ? 3 : 5, message: `${where}: ${HOURS_MESSAGE}` };
  return { code: 'INVALID_QTY', item, rank: typeError ? 4 : 6, message: `${where}: ${QTY_MESSAGE}` };
}

/**
 * The body of POST /jobs/pricing checked against the contract's CartSchema: `{ items: [{
 * serviceId, hours?, qty? }] }`, 1-50 items, no other fields. Of several problems the one a reader
 * meets first is reported: the body, then its fields, then each line in order.
 */
export function parseCart(body: Raw): { items: ParsedCartItem[] } {
  const problems = [...Value.Errors(CartSchema, body)].map(cartProblem);
  const first = problems.sort((a, b) => a.item - b.item || a.rank - b.rank)[0];
  if (first !== undefined) throw new DomainError(first.code, first.message);
  const cart = body as Static<typeof CartSchema>;
  return {
    items: cart.items.map((i) => ({ serviceId: i.serviceId.trim(), ...(i.hours === undefined ? {} : { hours: i.hours }), qty: i.qty ?? 1 })),
  };
}
