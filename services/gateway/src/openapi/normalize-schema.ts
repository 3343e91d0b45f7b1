/**
 * @elysiajs/openapi writes TypeBox schemas, which are JSON Schema (draft 2020-12 flavoured),
 * into a document labelled 3.0.3. OpenAPI 3.0's Schema Object is an older, stricter subset: it
 * has no `const`, `examples`, `$id`, type arrays, `patternProperties`, tuple `items`, and its
 * `exclusiveMinimum` is a boolean. These functions rewrite a schema into the 3.0 dialect while
 * keeping its meaning where 3.0 can say it, and drop only what 3.0 cannot express.
 */

type Json = Record<string, unknown>;

/** Every keyword a 3.0 Schema Object may carry (plus `x-` extensions). */
const SCHEMA_KEYWORDS = new Set([
  '$ref',
  'title',
  'description',
  'type',
  'format',
  'enum',
  'default',
  'nullable',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxProperties',
  'minProperties',
  'required',
  'not',
  'allOf',
  'oneOf',
  'anyOf',
  'items',
  'properties',
  'additionalProperties',
  'discriminator',
  'readOnly',
  'writeOnly',
  'example',
  'externalDocs',
  'deprecated',
  'xml',
]);

const TYPES_30 = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);

/** Elysia's string-encoded query types (`t.Numeric`, `t.BooleanString`...) show up as these formats. */
const STRING_ENCODED_FORMATS = new Set(['numeric', 'integer', 'boolean']);

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Rewrites one schema (recursively) into a valid OpenAPI 3.0 Schema Object. Never mutates its input. */
export function toOpenApi30Schema(input: unknown): Json {
  if (!isObject(input)) return {};
  if (typeof input.$ref === 'string') return { $ref: input.$ref };
  const s: Json = { ...input };

  if ('const' in s) {
    if (!Array.isArray(s.enum)) s.enum = [s.const];
    delete s.const;
  }
  if (Array.isArray(s.examples)) {
    if (!('example' in s) && s.examples.length > 0) s.example = s.examples[0];
    delete s.examples;
  }
  convertExclusiveBound(s, 'exclusiveMinimum', 'minimum', (a, b) => a >= b);
  convertExclusiveBound(s, 'exclusiveMaximum', 'maximum', (a, b) => a <= b);
  convertTypeArray(s);
  convertPatternProperties(s);
  convertTupleItems(s);
  convertNullBranches(s);
  collapseStringEncodedUnion(s);
  if (s.type === 'Date') {
    s.type = 'string';
    s.format ??= 'date-time';
  }
  if (typeof s.type === 'string' && !TYPES_30.has(s.type)) delete s.type;
  if (Array.isArray(s.required)) {
    if (s.required.length === 0) delete s.required;
    else s.required = [...new Set(s.required)];
  }
  if (Array.isArray(s.enum) && s.enum.length === 0) delete s.enum;

  const out: Json = {};
  for (const [key, value] of Object.entries(s)) {
    if (!SCHEMA_KEYWORDS.has(key) && !key.startsWith('x-')) continue;
    out[key] = normalizeKeyword(key, value);
  }
  return out;
}

function normalizeKeyword(key: string, value: unknown): unknown {
  switch (key) {
    case 'properties':
      return isObject(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toOpenApi30Schema(v)])) : {};
    case 'items':
    case 'not':
      return toOpenApi30Schema(value);
    case 'additionalProperties':
      return typeof value === 'boolean' ? value : toOpenApi30Schema(value);
    case 'allOf':
    case 'anyOf':
    case 'oneOf':
      return Array.isArray(value) ? value.map(toOpenApi30Schema) : [];
    default:
      return value;
  }
}

/** Draft 6+ `exclusiveMinimum: n` becomes 3.0's `minimum: n, exclusiveMinimum: true`. */
function convertExclusiveBound(s: Json, exclusive: string, inclusive: string, tighter: (a: number, b: number) => boolean): void {
  const bound = s[exclusive];
  if (typeof bound !== 'number') return;
  const current = s[inclusive];
  if (typeof current === 'number' && !tighter(bound, current)) {
    delete s[exclusive]; // the inclusive bound already excludes more
    return;
  }
  s[inclusive] = bound;
  s[exclusive] = true;
}

/** `type: ['string', 'null']` becomes `type: 'string', nullable: true`; several types become anyOf. */
function convertTypeArray(s: Json): void {
  if (s.type === 'null') {
    delete s.type;
    s.nullable = true;
    if (!Array.isArray(s.enum)) s.enum = [null];
    return;
  }
  if (!Array.isArray(s.type)) return;
  const types = s.type.filter((t): t is string => typeof t === 'string');
  const nonNull = types.filter((t) => t !== 'null');
  if (types.includes('null')) s.nullable = true;
  if (nonNull.length <= 1) {
    if (nonNull[0] === undefined) delete s.type;
    else s.type = nonNull[0];
    return;
  }
  delete s.type;
  const branches = nonNull.map((type) => ({ type }));
  if (Array.isArray(s.anyOf)) {
    // Both constraints must hold: keep the existing anyOf and add the type choice beside it.
    s.allOf = [...(Array.isArray(s.allOf) ? s.allOf : []), { anyOf: s.anyOf }, { anyOf: branches }];
    delete s.anyOf;
  } else {
    s.anyOf = branches;
  }
}

/** A record (`t.Record`) uses patternProperties; 3.0 can only say "any key, values like this". */
function convertPatternProperties(s: Json): void {
  if (!isObject(s.patternProperties)) return;
  const values = Object.values(s.patternProperties);
  delete s.patternProperties;
  if (s.additionalProperties !== undefined && s.additionalProperties !== false) return;
  const first = values[0];
  if (values.length === 1 && first !== undefined) s.additionalProperties = isObject(first) && Object.keys(first).length === 0 ? true : first;
  else if (values.length > 1) s.additionalProperties = { anyOf: values };
  else s.additionalProperties = true;
}

/** A tuple (`items: [a, b]` or `prefixItems`) becomes an array of "any of a, b" with its length bounds. */
function convertTupleItems(s: Json): void {
  const tuple = Array.isArray(s.prefixItems) ? s.prefixItems : Array.isArray(s.items) ? s.items : undefined;
  delete s.prefixItems;
  delete s.additionalItems;
  if (tuple === undefined) return;
  const distinct = [...new Map(tuple.map((item) => [JSON.stringify(item), item])).values()];
  const first = distinct[0];
  if (first === undefined) delete s.items;
  else s.items = distinct.length === 1 ? first : { anyOf: distinct };
}

/** `anyOf: [X, {type: 'null'}]` (t.Union with t.Null) becomes X with `nullable: true`. */
function convertNullBranches(s: Json): void {
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = s[key];
    if (!Array.isArray(branches)) continue;
    const nonNull = branches.filter((b) => !(isObject(b) && b.type === 'null' && Object.keys(b).length === 1));
    if (nonNull.length === branches.length) continue;
    s.nullable = true;
    const only = nonNull[0];
    if (nonNull.length === 1 && isObject(only) && typeof only.$ref !== 'string') {
      delete s[key];
      for (const [k, v] of Object.entries(only)) if (!(k in s)) s[k] = v;
    } else {
      s[key] = nonNull;
    }
  }
}

/**
 * Elysia describes `t.Numeric()` in a query as "a numeric string or a number". Over HTTP a
 * query value is always text, so the document says what the value means: the number branch.
 */
function collapseStringEncodedUnion(s: Json): void {
  if (!Array.isArray(s.anyOf) || s.anyOf.length !== 2) return;
  const [a, b] = s.anyOf;
  const encoded = [a, b].find((x) => isObject(x) && x.type === 'string' && STRING_ENCODED_FORMATS.has(String(x.format)));
  const typed = [a, b].find((x) => x !== encoded);
  if (!isObject(encoded) || !isObject(typed) || typed.type === 'string') return;
  delete s.anyOf;
  for (const [k, v] of Object.entries(typed)) if (!(k in s)) s[k] = v;
}
