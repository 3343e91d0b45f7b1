import { DomainError } from '@tm/shared';
import { Elysia, ParseError } from 'elysia';

/** An error serviceBase turns into 413 PAYLOAD_TOO_LARGE. */
function tooLarge(): Error {
  return Object.assign(new Error('The request body is too large'), { status: 413 });
}

// Elysia wraps anything thrown inside a parser into a ParseError (400), so the parser only marks
// an oversized body and the transform hook, which runs before validation, throws the 413.
const OVERSIZED = Object.freeze({ oversized: true });
const TOO_DEEP = Object.freeze({ tooDeep: true });

/** No auth body nests past two levels; a deep array would overflow the stack of Elysia's validation message (a 500). */
export const MAX_BODY_DEPTH = 32;

/** True when `value` nests arrays/objects deeper than `max` levels; iterative, so any depth is safe to measure. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (typeof v !== 'object' || v === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Bodies are small JSON objects here, whatever Content-Type a client claims: a declared
 * Content-Length over the limit is refused before reading, and every body is read and parsed by
 * us, so a chunked body is measured too and anything but JSON is a 400 MALFORMED_JSON.
 * (main.ts also sets Bun's maxRequestBodySize for the socket.)
 */
export function bodyLimit(maxBytes: number, options: { bodylessPaths?: readonly string[] } = {}) {
  const bodyless = new Set(options.bodylessPaths ?? []);
  return new Elysia({ name: 'auth:body-limit' })
    .onRequest(({ request }) => {
      const declared = Number(request.headers.get('content-length') ?? '0');
      if (declared > maxBytes) throw tooLarge();
    })
    .onParse({ as: 'global' }, async ({ request }) => {
      // Operations without a body ignore whatever is sent instead of failing on it.
      if (bodyless.has(new URL(request.url).pathname)) return {};
      const bytes = new Uint8Array(await request.arrayBuffer());
      if (bytes.byteLength > maxBytes) return OVERSIZED;
      const text = new TextDecoder().decode(bytes);
      if (text.trim() === '') return {};
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new ParseError();
      }
      return nestsDeeperThan(parsed, MAX_BODY_DEPTH) ? TOO_DEEP : parsed;
    })
    .onTransform({ as: 'global' }, ({ body }) => {
      if (body === OVERSIZED) throw tooLarge();
      if (body === TOO_DEEP) throw new DomainError('VALIDATION_FAILED', `The request body nests deeper than ${MAX_BODY_DEPTH} levels`);
    });
}
