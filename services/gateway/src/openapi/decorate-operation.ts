import { rateLimitHeaderRefs } from './components.ts';
import { isObject } from './normalize-document.ts';
import { isProtectedPath, SPEC_OPERATIONS } from './public-api.ts';

type Json = Record<string, unknown>;

const GENERIC_DESCRIPTIONS: Readonly<Record<string, string>> = {
  '200': 'Success: the envelope with `data`.',
  '201': 'Created: the envelope with `data`.',
  '400': 'Bad request; `error.code` says why.',
  '401': 'Missing or invalid access token.',
  '403': 'Not allowed for this token.',
  '404': 'Not found.',
  '409': 'Conflict with the current state.',
  '413': 'The request body is too large.',
  '429': 'Rate limit exceeded; retry after `Retry-After` seconds.',
};

/**
 * Adds what the gateway does to an operation of a service's part: the rate-limit headers on
 * every response, 429 everywhere, 400/413 where a body is read, 503/504 for a service that is
 * down or slow, the localization parameters the spec names, and the bearer scheme with 401/403
 * on the protected areas. What the service wrote (descriptions, schemas) is kept.
 */
export function decorateOperation(path: string, method: string, op: Json): Json {
  const spec = SPEC_OPERATIONS.find((s) => s.operationId === op.operationId || (s.path === path && s.method === method));
  const parameters = localizeParameters(Array.isArray(op.parameters) ? op.parameters.filter(isObject) : [], spec?.xCountry, spec?.xLang);
  const hasLang = parameters.some((p) => p.$ref === '#/components/parameters/XLang');
  const hasCountry = parameters.some((p) => p.$ref === '#/components/parameters/XCountry');
  const protectedOp = isProtectedPath(path, method) || (Array.isArray(op.security) && op.security.length > 0);

  const responses: Json = {};
  for (const [status, response] of Object.entries(isObject(op.responses) ? op.responses : {})) {
    const shared = SHARED_ERROR_RESPONSES[status];
    responses[status] =
      shared !== undefined && isBareErrorResponse(response)
        ? { $ref: `#/components/responses/${shared}` }
        : decorateResponse(status, response, hasLang, spec?.paginated === true);
  }
  const add = (status: string, name: string) => {
    responses[status] ??= { $ref: `#/components/responses/${name}` };
  };
  if (op.requestBody !== undefined) {
    add('400', 'BadRequest');
    add('408', 'RequestTimeout');
    add('413', 'PayloadTooLarge');
  }
  if (hasCountry) add('400', 'BadRequest');
  if (spec?.notFound) add('404', 'NotFound');
  if (protectedOp) {
    add('401', 'Unauthorized');
    add('403', 'Forbidden');
  }
  add('429', 'TooManyRequests');
  add('502', 'BadGateway');
  add('503', 'ServiceUnavailable');
  add('504', 'GatewayTimeout');

  // An operation that can answer as an event stream names the schema of its events in
  // `x-event-stream` (the service's part cannot say it otherwise: a declared response is JSON).
  // With `x-event-stream-only` (the chat's stream) the answer is never JSON: the stream is its only content.
  const { 'x-event-stream': eventStream, 'x-event-stream-only': streamOnly, ...rest } = op;
  const ok = responses['200'];
  if (isObject(eventStream) && isObject(ok)) {
    const json = streamOnly === true ? {} : isObject(ok.content) ? ok.content : {};
    responses['200'] = { ...ok, content: { ...json, 'text/event-stream': { schema: eventStream } } };
  }
  const out: Json = { ...rest, responses: sortByStatus(responses) };
  if (parameters.length > 0) out.parameters = parameters;
  else delete out.parameters;
  if (isProtectedPath(path, method)) out.security = [{ bearerAuth: [] }];
  return out;
}

/**
 * Statuses whose meaning is the same on every operation (mostly the gateway's own answers); a
 * service that declares one with nothing but the error envelope gets the shared response, which
 * says more and is written once. 400 stays per operation: its codes differ by operation.
 */
const SHARED_ERROR_RESPONSES: Readonly<Record<string, string>> = {
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'NotFound',
  '413': 'PayloadTooLarge',
  '429': 'TooManyRequests',
};

/** A response a service declared as the bare error envelope: no description of its own, no headers. */
function isBareErrorResponse(response: unknown): boolean {
  if (!isObject(response) || response.$ref !== undefined || response.headers !== undefined) return false;
  if (typeof response.description === 'string' && !/^Response for status \d+$/.test(response.description)) return false;
  const content = isObject(response.content) ? response.content : {};
  const media = Object.values(content);
  return media.length === 1 && isObject(media[0]) && isObject(media[0].schema) && isErrorEnvelope(media[0].schema);
}

/** Replaces the services' own X-Country / X-Lang parameters with the shared ones and adds missing ones. */
function localizeParameters(params: Json[], wantCountry = false, wantLang = false): Json[] {
  let country = wantCountry;
  let lang = wantLang;
  const kept: Json[] = [];
  for (const p of params) {
    const name = typeof p.name === 'string' && p.in === 'header' ? p.name.toLowerCase() : '';
    if (name === 'x-country') country = true;
    else if (name === 'x-lang') lang = true;
    else if (name !== 'authorization') kept.push(p); // the security scheme describes Authorization
  }
  if (country) kept.push({ $ref: '#/components/parameters/XCountry' });
  if (lang) kept.push({ $ref: '#/components/parameters/XLang' });
  return kept;
}

function decorateResponse(status: string, response: unknown, hasLang: boolean, paginated: boolean): unknown {
  if (!isObject(response) || typeof response.$ref === 'string') return response;
  const out: Json = { ...response };
  if (typeof out.description !== 'string' || /^Response for status \d+$/.test(out.description)) {
    out.description = GENERIC_DESCRIPTIONS[status] ?? (status.startsWith('2') ? 'Success.' : 'Error; see `error.code`.');
  }
  const headers: Json = { ...(isObject(out.headers) ? out.headers : {}), ...rateLimitHeaderRefs() };
  if (status === '429') headers['Retry-After'] = { $ref: '#/components/headers/Retry-After' };
  if (hasLang && status.startsWith('2')) headers['Content-Language'] = { $ref: '#/components/headers/Content-Language' };
  if (paginated && status.startsWith('2')) {
    headers['X-Total-Count'] = { $ref: '#/components/headers/X-Total-Count' };
    headers.Link = { $ref: '#/components/headers/Link' };
  }
  out.headers = headers;
  if (isObject(out.content)) out.content = useErrorEnvelopeRef(out.content);
  return out;
}

/** An inline copy of the shared error envelope becomes a reference to the component. */
function useErrorEnvelopeRef(content: Json): Json {
  const out: Json = {};
  for (const [type, media] of Object.entries(content)) {
    const isError = isObject(media) && isObject(media.schema) && isErrorEnvelope(media.schema);
    out[type] = isError ? { ...media, schema: { $ref: '#/components/schemas/ErrorEnvelope' } } : media;
  }
  return out;
}

function isErrorEnvelope(schema: Json): boolean {
  if (schema.title === 'ErrorEnvelope') return true;
  const props = isObject(schema.properties) ? schema.properties : {};
  const success = isObject(props.success) ? props.success : {};
  return Array.isArray(success.enum) && success.enum.length === 1 && success.enum[0] === false && isObject(props.error) && Object.keys(props).length === 2;
}

function sortByStatus(responses: Json): Json {
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}
