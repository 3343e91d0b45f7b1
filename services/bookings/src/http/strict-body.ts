import { DomainError } from '@tm/shared';
import type { TSchema } from 'elysia';

/**
 * Elysia strips properties a schema does not name before validating; a field the API does not
 * know (say `total`, which a client must never set) is a 400 UNKNOWN_FIELD instead, so a client's
 * mistake is never silently ignored. Runs as a route `transform`, before validation.
 */
export function rejectUnknownFields(schema: TSchema) {
  return (ctx: { body: unknown }) => check(ctx.body, schema, 'body');
}

function check(value: unknown, schema: TSchema, where: string): void {
  const s = schema as { type?: string; properties?: Record<string, TSchema>; items?: TSchema; anyOf?: TSchema[] };
  if (s.type === 'object' && s.properties && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, v] of Object.entries(value)) {
      const sub = s.properties[key];
      if (!sub) throw new DomainError('UNKNOWN_FIELD', `${where}.${key} is not a known field`);
      check(v, sub, `${where}.${key}`);
    }
  } else if (s.type === 'array' && s.items && Array.isArray(value)) {
    for (const [i, v] of value.entries()) check(v, s.items, `${where}[${i}]`);
  }
}
