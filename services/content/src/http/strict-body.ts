import { DomainError } from '@tm/shared';
import type { TSchema } from 'elysia';

/**
 * Elysia strips properties a schema does not name before validating; a field the API does not
 * know (a misspelt `materal`, a language `fr`) is a 400 UNKNOWN_FIELD instead, so a client's
 * mistake is never silently ignored (as bookings does). Called from a route's `transform`,
 * before validation.
 */
export function rejectUnknownFields(body: unknown, schema: TSchema, where = 'body'): void {
  const s = schema as { type?: string; properties?: Record<string, TSchema>; items?: TSchema };
  if (s.type === 'object' && s.properties && typeof body === 'object' && body !== null && !Array.isArray(body)) {
    for (const [key, v] of Object.entries(body)) {
      const sub = s.properties[key];
      if (!sub) throw new DomainError('UNKNOWN_FIELD', `${where}.${key} is not a known field`);
      rejectUnknownFields(v, sub, `${where}.${key}`);
    }
  } else if (s.type === 'array' && s.items && Array.isArray(body)) {
    for (const [i, v] of body.entries()) rejectUnknownFields(v, s.items, `${where}[${i}]`);
  }
}

/** A write route's `transform`: who may call it first (401/403 before any 400), then no unknown fields. */
export function guardWrite(check: (request: Request) => Promise<unknown>, schema?: TSchema) {
  return async ({ request, body }: { request: Request; body: unknown }) => {
    await check(request);
    if (schema) rejectUnknownFields(body, schema);
  };
}
