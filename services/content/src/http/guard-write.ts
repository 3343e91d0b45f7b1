import { rejectUnknownFields } from '@tm/shared/http';
import type { TSchema } from 'elysia';

/** A write route's `transform`: who may call it first (401/403 before any 400), then no unknown fields. */
export function guardWrite(check: (request: Request) => Promise<unknown>, schema?: TSchema) {
  return async ({ request, body }: { request: Request; body: unknown }) => {
    await check(request);
    if (schema) rejectUnknownFields(body, schema);
  };
}
