import { DomainError } from '@tm/shared';
import { pathOfUrl } from '@tm/shared/http';
import { Elysia, ParseError } from 'elysia';

/** An error serviceBase turns into 413 PAYLOAD_TOO_LARGE. */
function tooLarge(): Error {
  return Object.assign(new Error('The request body is too large'), { status: 413 });
}

// Elysia wraps anything thrown inside a parser into a ParseError (400), so the parser only marks
// an oversized body and the transform hook, which runs before validation, throws the 413.
const OVERSIZED = Object.freeze({ oversized: true });

/** A body refused before validation: its error code and why. */
class RefusedBody {
  constructor(
    readonly code: 'UNSUPPORTED_CONTENT_TYPE',
    readonly reason: string,
  ) {}
}

/** application/json, or a +json type such as application/merge-patch+json, with any parameters. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * Bodies are small JSON objects here: a declared Content-Length over the limit is refused before
 * reading, and every body is read and parsed by us, so a chunked body is measured too. A body
 * must say `Content-Type: application/json` (else 400 UNSUPPORTED_CONTENT_TYPE): a browser sends
 * that type cross-site only after a CORS preflight, so another site cannot make visitors' browsers
 * send codes or reset mails with a form or a text/plain body. Anything but JSON is then a 400
 * MALFORMED_JSON; a shape no operation takes (deep nesting, reserved field names, JSON that is not
 * an object) is a 400 VALIDATION_FAILED. (main.ts also sets Bun's maxRequestBodySize for the socket.)
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
      if (!JSON_TYPE.test(request.headers.get('content-type') ?? '')) {
        return new RefusedBody('UNSUPPORTED_CONTENT_TYPE', 'Send the body as JSON, with Content-Type: application/json');
      }
      try {
        // Shapes no operation takes are refused by serviceBase's transform, before validation.
        return JSON.parse(text);
      } catch {
        throw new ParseError();
      }
    })
    .onTransform({ as: 'global' }, ({ body }) => {
      if (body === OVERSIZED) throw tooLarge();
      if (body instanceof RefusedBody) throw new DomainError(body.code, body.reason);
      // Every body here is an object: Elysia reads an array or a number as an object of optional
      // fields, so `[1]` or `42` signed out or updated nothing with a 200.
      if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
        throw new DomainError('VALIDATION_FAILED', 'The body must be a JSON object');
      }
    });
}
