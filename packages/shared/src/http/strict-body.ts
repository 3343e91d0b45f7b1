import type { TSchema } from 'elysia';
import { DomainError } from '../core/errors.ts';

/**
 * What Elysia's body validation lets through, refused before it runs (a route's `transform`):
 *
 * - A field the schema does not name is a 400 UNKNOWN_FIELD: Elysia strips it and validates the
 *   rest, so a client's mistake (a misspelt `materal`, a `total` a client must never set) would be
 *   silently ignored.
 * - A value where the schema declares an object is a 400 VALIDATION_FAILED unless it is one:
 *   Elysia turns a string, number, null or list into `{}` for an object whose fields are all
 *   optional (a booking's `contact`), a string into `{0: 'a', 1: 'b'}` for a record, and does not
 *   validate an optional body that is not an object at all (`42` as a cancel's body). Each was
 *   stored or acted on with a 200 (docs/testing.md, "The whole API under bad input").
 *
 * An absent body, or an empty one, passes: whether a route needs one is its schema's to say.
 * Unions (a nullable object) are left to Elysia, which validates them whole.
 */
export function rejectUnknownFields(body: unknown, schema: TSchema, where = 'body'): void {
  const s = schema as { type?: string; properties?: Record<string, TSchema>; items?: TSchema };
  const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
  const absent = body === undefined || (where === 'body' && body === '');
  if (s.type === 'object' && !absent && !isObject) throw new DomainError('VALIDATION_FAILED', `${where} must be an object`);
  if (s.type === 'object' && s.properties && isObject) {
    for (const [key, v] of Object.entries(body)) {
      const sub = s.properties[key];
      if (!sub) throw new DomainError('UNKNOWN_FIELD', `${where}.${key} is not a known field`);
      rejectUnknownFields(v, sub, `${where}.${key}`);
    }
  } else if (s.type === 'array' && s.items && Array.isArray(body)) {
    for (const [i, v] of body.entries()) rejectUnknownFields(v, s.items, `${where}[${i}]`);
  }
}

/** rejectUnknownFields as a route's `transform`. */
export function strictBody(schema: TSchema): (ctx: { body: unknown }) => void {
  return ({ body }) => rejectUnknownFields(body, schema);
}
