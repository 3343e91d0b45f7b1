import { bodyShapeProblem, DomainError, pathOfUrl } from '@tm/shared';
import { Elysia, ParseError } from 'elysia';

/** An error serviceBase turns into 413 PAYLOAD_TOO_LARGE. */
function tooLarge(): Error {
  return Object.assign(new Error('The request body is too large'), { status: 413 });
}

// Elysia wraps anything thrown inside a parser into a ParseError (400), so the parser only marks
// an oversized body and the transform hook, which runs before validation, throws the 413.
const OVERSIZED = Object.freeze({ oversized: true });

/** A parsed body whose shape no auth operation takes (see body-shape.ts). */
class RefusedBody {
  constructor(readonly reason: string) {}
}

/**
 * Bodies are small JSON objects here, whatever Content-Type a client claims: a declared
 * Content-Length over the limit is refused before reading, and every body is read and parsed by
 * us, so a chunked body is measured too and anything but JSON is a 400 MALFORMED_JSON; a shape
 * no operation takes (deep nesting, reserved field names) is a 400 VALIDATION_FAILED. (main.ts also sets Bun's maxRequestBodySize for the socket.)
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
      if (bodyless.has(pathOfUrl(request.url))) return {};
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
      const problem = bodyShapeProblem(parsed);
      return problem === undefined ? parsed : new RefusedBody(problem);
    })
    .onTransform({ as: 'global' }, ({ body }) => {
      if (body === OVERSIZED) throw tooLarge();
      if (body instanceof RefusedBody) throw new DomainError('VALIDATION_FAILED', body.reason);
    });
}
