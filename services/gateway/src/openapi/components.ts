/**
 * What the gateway adds to every service's part: the envelope, the responses the gateway itself
 * produces (rate limiting, upstream failures, token checks), the headers it puts on every
 * response, the localization parameters and the bearer scheme. Names here are public: clients
 * generated from the document use them.
 */

import { DEFAULT_MARKET, ERROR_TABLES, MARKET_CODES } from '@tm/contracts';

/** Every code the public API answers (every process's table, the common codes included), sorted: the enum of `Error.code`. */
const PUBLIC_ERROR_CODES = [...new Set(Object.values(ERROR_TABLES).flatMap((table) => Object.keys(table)))].sort();

const rateLimitHeaderNames = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy', 'RateLimit'] as const;

/** Header references every response carries (spec section 8: "every response carries ..."). */
export function rateLimitHeaderRefs(): Record<string, { $ref: string }> {
  return Object.fromEntries([...rateLimitHeaderNames, 'X-Request-Id'].map((name) => [name, { $ref: `#/components/headers/${name}` }]));
}

const errorBody = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } };

function errorResponse(description: string, extraHeaders: Record<string, { $ref: string }> = {}) {
  return { description, headers: { ...rateLimitHeaderRefs(), ...extraHeaders }, content: errorBody };
}

/** The `components` every merged document starts from. */
export function gatewayComponents() {
  return {
    schemas: {
      Error: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: {
            type: 'string',
            enum: PUBLIC_ERROR_CODES,
            description: 'Stable machine-readable code (public API: codes are added, never renamed); docs/error-codes.md lists who answers each and its status',
          },
          message: { type: 'string', description: 'Human-readable, safe to show to any caller' },
        },
      },
      ErrorEnvelope: {
        title: 'ErrorEnvelope',
        type: 'object',
        required: ['success', 'error'],
        properties: { success: { type: 'boolean', enum: [false] }, error: { $ref: '#/components/schemas/Error' } },
      },
    },
    responses: {
      BadRequest: errorResponse(
        'Bad request: malformed JSON (`MALFORMED_JSON`), failed validation (`VALIDATION_FAILED`) or a rule of the operation; `error.code` says which.',
      ),
      Unauthorized: errorResponse('Missing, expired or invalid access token (`UNAUTHORIZED`), checked by the gateway before the request is forwarded.'),
      Forbidden: errorResponse('The token is valid but its role may not use this operation (`FORBIDDEN`), e.g. a guest token.'),
      NotFound: errorResponse('Nothing has that id or slug (`error.code` says what was looked up).'),
      PayloadTooLarge: errorResponse('The request body is larger than the gateway accepts (`PAYLOAD_TOO_LARGE`).'),
      TooManyRequests: errorResponse('Rate limit exceeded (`RATE_LIMITED`); retry after `Retry-After` seconds.', {
        'Retry-After': { $ref: '#/components/headers/Retry-After' },
      }),
      RequestTimeout: errorResponse("The request body did not arrive within the gateway's upstream timeout (`REQUEST_TIMEOUT`)."),
      BadGateway: errorResponse(
        'The service behind the gateway sent an answer that is not the envelope (`UPSTREAM_ERROR`). The MCP tools and the site files report the same failure with the same code (they said `UPSTREAM_INVALID` before the codes were unified; see docs/error-codes.md).',
      ),
      ServiceUnavailable: errorResponse('The service behind the gateway is down or refused the connection (`UPSTREAM_UNAVAILABLE`).'),
      GatewayTimeout: errorResponse('The service behind the gateway did not answer in time (`UPSTREAM_TIMEOUT`).'),
    },
    headers: {
      'RateLimit-Limit': { description: "Requests allowed in the current window for this caller's bucket.", schema: { type: 'integer', minimum: 0 } },
      'RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer', minimum: 0 } },
      'RateLimit-Reset': { description: 'Seconds until the current window resets (delta seconds).', schema: { type: 'integer', minimum: 0 } },
      'RateLimit-Policy': {
        description: 'The same quota in the current IETF draft syntax: bucket, quota and window, e.g. `"anonymous";q=300;w=60`.',
        schema: { type: 'string', example: '"anonymous";q=300;w=60' },
      },
      RateLimit: {
        description: 'The current IETF draft field: bucket, remaining requests and seconds to reset, e.g. `"anonymous";r=299;t=60`.',
        schema: { type: 'string', example: '"anonymous";r=299;t=60' },
      },
      'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 1 } },
      'X-Request-Id': {
        description: "The request id (the caller's when well formed, else generated); quote it when reporting a problem.",
        schema: { type: 'string' },
      },
      'X-Total-Count': {
        description: 'How many items all pages hold together (the envelope carries only this page).',
        schema: { type: 'integer', minimum: 0 },
      },
      Link: {
        description:
          'RFC 8288 pagination links (first, prev, next, last) as query-only relative references that resolve against the path called, e.g. `<?page=2&limit=20>; rel="next"`.',
        schema: { type: 'string', example: '<?page=1&limit=20>; rel="first", <?page=2&limit=20>; rel="next", <?page=2&limit=20>; rel="last"' },
      },
      'Content-Language': {
        description: 'The language of the localized copy in the body (an unknown `X-Lang` falls back to `en`).',
        schema: { type: 'string', example: 'en' },
      },
    },
    parameters: {
      XCountry: {
        name: 'X-Country',
        in: 'header',
        required: false,
        description:
          'Market to price and localize for: IN, AE, DE, US or AU (default IN; an empty value is the default too). ' +
          'Accepted in any letter case (`de` is `DE`), surrounding spaces ignored; the schema lists the canonical uppercase codes. ' +
          'Any other value is a 400 (`INVALID_COUNTRY`).',
        // Kept as an uppercase enum, not a case-insensitive pattern: generated clients get a typed
        // enum and docs UIs a picker, strict validators accept every value such a client sends, and
        // OpenAPI 3.0 patterns have no /i flag (it would read ^([Ii][Nn]|[Aa][Ee]|...)$ and type as a bare string).
        schema: { type: 'string', enum: [...MARKET_CODES], default: DEFAULT_MARKET },
      },
      XLang: {
        name: 'X-Lang',
        in: 'header',
        required: false,
        description: 'BCP-47 language for localized copy (en, hi, ar, de); unknown values fall back to `en`, see `Content-Language`.',
        schema: { type: 'string', default: 'en', example: 'de' },
      },
    },
    securitySchemes: {
      bearerAuth: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: 'Access JWT from any /auth login operation: `Authorization: Bearer <accessToken>`.',
      },
    },
  };
}
