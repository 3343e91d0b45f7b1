import { DomainError } from '@tm/shared';
import type { TSchema } from 'elysia';

/**
 * Elysia strips properties a schema does not name before validating; a field the API does not
 * know (say `total`, which a client must never set) is a 400 UNKNOWN_FIELD instead, so a client's
 * mistake is never silently ignored. Runs as a route `transform`, before validation. A field
 * declared as an object that holds anything else is a 400 VALIDATION_FAILED here too: Elysia
 * turns a string, number, null or list into `{}` for an object whose fields are all optional
 * (a booking's `contact`), and the booking would be stored with that; and it does not validate an
 * optional body that is not an object at all, so `42` as a cancel's body cancelled the booking.
 */
export function rejectUnknownFields(schema: TSchema) {
  return (ctx: { body: unknown }) => check(ctx.body, schema, 'body');
}

function check(value: unknown, schema: TSchema, where: string): void {
  const s = schema as { type?: string; properties?: Record<string, TSchema>; items?: TSchema; anyOf?: TSchema[] };
  const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
  // A body may be absent (or empty) where the route's body is optional (a cancel), never something else.
  const absent = value === undefined || (where === 'body' && value === '');
  if (s.type === 'object' && !absent && !isObject) throw new DomainError('VALIDATION_FAILED', `${where} must be an object`);
  if (s.type === 'object' && s.properties && isObject) {
    for (const [key, v] of Object.entries(value)) {
      const sub = s.properties[key];
      if (!sub) throw new DomainError('UNKNOWN_FIELD', `${where}.${key} is not a known field`);
      check(v, sub, `${where}.${key}`);
    }
  } else if (s.type === 'array' && s.items && Array.isArray(value)) {
    for (const [i, v] of value.entries()) check(v, s.items, `${where}[${i}]`);
  }
}
