import { toOpenApi30Schema } from './normalize-schema.ts';

type Json = Record<string, unknown>;

/** A (loosely typed) OpenAPI document as a service serves it. */
export type OpenApiDoc = Json & { paths?: Record<string, Record<string, Json>>; components?: Json };

/** The path-item keys that hold operations (the rest are parameters, servers, summary...). */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const OPERATION_KEYS = new Set([
  'tags',
  'summary',
  'description',
  'externalDocs',
  'operationId',
  'parameters',
  'requestBody',
  'responses',
  'callbacks',
  'deprecated',
  'security',
  'servers',
]);
const PARAMETER_KEYS = new Set([
  'name',
  'in',
  'description',
  'required',
  'deprecated',
  'allowEmptyValue',
  'style',
  'explode',
  'allowReserved',
  'schema',
  'example',
  'examples',
]);

/** True for a plain JSON object (not null, not an array). */
export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The operations of a path item, as [method, operation] pairs. */
export function operationsOf(pathItem: Record<string, unknown>): [string, Json][] {
  return HTTP_METHODS.flatMap((m) => (isObject(pathItem[m]) ? [[m, pathItem[m] as Json] as [string, Json]] : []));
}

/**
 * Rewrites a service's part so every schema is 3.0 and every object carries only the keys 3.0
 * allows. Request bodies keep only `application/json`: the public API speaks JSON (spec
 * section 1), even where Elysia would also parse forms.
 */
export function normalizePart(part: OpenApiDoc): OpenApiDoc {
  const paths: Record<string, Record<string, Json>> = {};
  for (const [path, item] of Object.entries(part.paths ?? {})) {
    if (!isObject(item)) continue;
    const outItem: Record<string, Json> = {};
    for (const [method, op] of operationsOf(item)) outItem[method] = normalizeOperation(op);
    paths[path] = outItem;
  }
  const components = isObject(part.components) ? part.components : {};
  const schemas = isObject(components.schemas) ? mapValues(components.schemas, toOpenApi30Schema) : {};
  return { ...part, paths, components: { schemas } };
}

function normalizeOperation(op: Json): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(op)) if (OPERATION_KEYS.has(key) || key.startsWith('x-')) out[key] = value;
  if (Array.isArray(op.parameters)) out.parameters = op.parameters.filter(isObject).map(normalizeParameter);
  if (isObject(op.requestBody)) out.requestBody = normalizeRequestBody(op.requestBody);
  out.responses = mapValues(isObject(op.responses) ? op.responses : {}, (r) => (isObject(r) ? normalizeResponse(r) : r));
  if (Object.keys(out.responses as Json).length === 0) out.responses = { '200': { description: 'Success' } };
  return out;
}

function normalizeParameter(p: Json): Json {
  if (typeof p.$ref === 'string') return { $ref: p.$ref };
  const out: Json = {};
  for (const [key, value] of Object.entries(p)) if (PARAMETER_KEYS.has(key) || key.startsWith('x-')) out[key] = value;
  if (out.in === 'path') out.required = true;
  out.schema = toOpenApi30Schema(p.schema);
  // A parameter schema's description belongs to the parameter, where UIs show it.
  if (out.description === undefined && typeof (out.schema as Json).description === 'string') out.description = (out.schema as Json).description;
  return out;
}

/**
 * @elysiajs/openapi leaves `content` empty when a route's body goes through a custom parse hook
 * (it cannot tell the media type); the body is still JSON (spec section 1), so say that much.
 */
const UNDESCRIBED_JSON_BODY = { schema: { type: 'object', description: 'A JSON object; the service did not publish its schema.' } };

function normalizeRequestBody(body: Json): Json {
  if (typeof body.$ref === 'string') return { $ref: body.$ref };
  const content = isObject(body.content) ? body.content : {};
  const json = content['application/json'];
  const kept = isObject(json) ? { 'application/json': json } : Object.keys(content).length > 0 ? content : { 'application/json': UNDESCRIBED_JSON_BODY };
  return { ...body, content: mapValues(kept, normalizeMediaType) };
}

function normalizeResponse(r: Json): Json {
  if (typeof r.$ref === 'string') return { $ref: r.$ref };
  const out: Json = { ...r };
  if (isObject(r.content)) out.content = mapValues(r.content, normalizeMediaType);
  if (isObject(r.headers)) out.headers = mapValues(r.headers, (h) => (isObject(h) && isObject(h.schema) ? { ...h, schema: toOpenApi30Schema(h.schema) } : h));
  return out;
}

function normalizeMediaType(m: unknown): Json {
  if (!isObject(m)) return {};
  return isObject(m.schema) ? { ...m, schema: toOpenApi30Schema(m.schema) } : { ...m };
}

/** Applies `f` to each value of a record. */
export function mapValues<T, U>(record: Record<string, T>, f: (value: T, key: string) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, f(v, k)]));
}
