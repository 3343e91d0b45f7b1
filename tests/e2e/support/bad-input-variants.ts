/**
 * The malformed requests of tests/e2e/bad-input.e2e.test.ts, made from the gateway's /openapi.json:
 * each operation's parameters and JSON body fields resolved from the document, then bodies that are
 * not JSON or of the wrong shape or type, odd path parameters, wrong-typed, nested, repeated and
 * overlong query parameters, and odd headers.
 */

const LONG = 'x'.repeat(10_000);

export interface Schema {
  type?: string;
  $ref?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  // The constraints and hints the bad-field probe (support/bad-field-mutations.ts) reads.
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  example?: unknown;
  examples?: unknown[];
  default?: unknown;
  const?: unknown;
}
export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: Schema;
  $ref?: string;
}
export interface OpenApiOperation {
  operationId?: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
export interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas?: Record<string, Schema>; parameters?: Record<string, Parameter> };
}

/** One operation as the probe uses it: parameters and body fields resolved from the document. */
export interface Operation {
  id: string;
  method: string;
  path: string;
  params: Parameter[];
  bodyFields: Record<string, Schema> | undefined;
  /** The JSON body's schema as declared (the bad-field probe builds valid bodies from it). */
  bodySchema: Schema | undefined;
  /** Declares a security requirement (a bearer token). */
  secured: boolean;
  /** Ends the caller's session or account when accepted: probed with sessions of its own. */
  endsSession: boolean;
}

/** A malformed request of one operation, before an identity is attached. */
export type VariantKind = 'body' | 'path' | 'query' | 'header';
export interface Variant {
  kind: VariantKind;
  name: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Input no reading of a declared JSON body can accept: a 2xx is a failure too. */
  mustRefuse?: boolean;
}

/** $ref, allOf/anyOf/oneOf and type resolution over `doc`, shared with the bad-field probe. */
export function schemaResolver(doc: OpenApiDoc) {
  function deref<T extends object>(node: T | { $ref: string }): T {
    const ref = (node as { $ref?: string }).$ref;
    if (!ref) return node as T;
    const [, , kind, name] = ref.split('/');
    const target = (doc.components as Record<string, Record<string, unknown>>)[kind as string]?.[name as string];
    if (!target) throw new Error(`unresolved ${ref}`);
    return deref(target as T);
  }

  /** Every field a JSON body schema declares, through $ref and allOf/anyOf/oneOf. */
  function fieldsOf(schema: Schema | undefined): Record<string, Schema> {
    if (!schema) return {};
    const s = deref(schema);
    const fields: Record<string, Schema> = {};
    for (const part of [...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])]) Object.assign(fields, fieldsOf(part));
    for (const [name, field] of Object.entries(s.properties ?? {})) fields[name] = deref(field);
    return fields;
  }

  function typeOf(schema: Schema): string | undefined {
    const s = deref(schema);
    return s.type ?? (s.anyOf ?? s.oneOf)?.map((alt) => deref(alt).type).find(Boolean);
  }

  /** A value of another type than the one declared: numbers for strings and vice versa. */
  function wrongTypeFor(schema: Schema): unknown {
    switch (typeOf(schema)) {
      case 'string':
        return 12345;
      case 'integer':
      case 'number':
        return 'not a number';
      case 'boolean':
        return 'yes';
      case 'array':
        return { not: 'a list' };
      case 'object':
        return 'not an object';
      default:
        return [12345];
    }
  }

  return { deref, fieldsOf, typeOf, wrongTypeFor };
}

/** The operations of `doc` the probe sends to and the malformed requests of each. */
export function badInputVariants(doc: OpenApiDoc) {
  const { deref, fieldsOf, typeOf, wrongTypeFor } = schemaResolver(doc);

  function mapFields(fields: Record<string, Schema>, value: (field: Schema) => unknown): string {
    const entries = Object.entries(fields);
    if (entries.length === 0) return JSON.stringify({ unexpected: value({ type: 'string' }) });
    return JSON.stringify(Object.fromEntries(entries.map(([name, field]) => [name, value(field)])));
  }

  /** A path parameter value that reaches the handler: a known resource, or a well-formed id. */
  function plausible(param: Parameter): string {
    const known: Record<string, string> = { lang: 'en', namespace: 'common', type: 'terms', slug: 'react-developer', key: 'bad-input-probe' };
    return known[param.name] ?? '0123456789abcdef01234567';
  }

  function pathWith(op: Operation, value: (param: Parameter) => string): string {
    return op.params.filter((p) => p.in === 'path').reduce((path, p) => path.replace(`{${p.name}}`, value(p)), op.path);
  }

  const JSON_BODY = { 'content-type': 'application/json' };
  const ODD_PATH_VALUES: Record<string, string> = {
    'a NUL byte': '%00',
    'an encoded traversal': '..%2F..',
    'a 2,000-character id': 'i'.repeat(2_000),
    'broken percent-encoding': '%E0%A4%A',
    'the word null': 'null',
    'a negative number': '-1',
    'an overflowing number': '1e309',
  };

  /** Every malformed request of one operation. */
  function variantsOf(op: Operation): Variant[] {
    const path = pathWith(op, plausible);
    const hasBody = op.method !== 'GET';
    const neutralBody = hasBody ? { headers: JSON_BODY, body: '{}' } : {};
    const variants: Variant[] = [];
    if (hasBody) {
      const fields = op.bodyFields ?? {};
      const refused = new Set([
        'a body that is not JSON',
        'an array body',
        'a number body',
        ...(Object.keys(fields).length > 0 ? ['every field of the wrong type'] : []),
      ]);
      const bodies: Record<string, string> = {
        'a body that is not JSON': '{not json',
        'an array body': '[1,"two",{"three":3}]',
        'a number body': '42',
        'a null body': 'null',
        'every field of the wrong type': mapFields(fields, wrongTypeFor),
        'nested objects for every field': mapFields(fields, () => ({ $gt: '', nested: { deeper: [1] } })),
        'a 10,000-character string in every field': mapFields(fields, () => LONG),
      };
      for (const [name, body] of Object.entries(bodies))
        variants.push({ kind: 'body', name, path, headers: JSON_BODY, body, mustRefuse: op.bodyFields !== undefined && refused.has(name) });
    }
    variants.push({ kind: 'body', name: 'Content-Type: application/json with an empty body', path, headers: JSON_BODY, body: hasBody ? '' : undefined });
    if (op.params.some((p) => p.in === 'path')) {
      for (const [name, value] of Object.entries(ODD_PATH_VALUES))
        variants.push({ kind: 'path', name: `path parameters: ${name}`, path: pathWith(op, () => value), ...neutralBody });
    }
    const query = op.params.filter((p) => p.in === 'query');
    const names = query.length > 0 ? query.map((p) => p.name) : ['limit'];
    const wrongQuery = query.map((p) => {
      const type = typeOf(p.schema ?? {});
      return [p.name, type === 'integer' || type === 'number' ? 'abc' : type === 'boolean' ? 'maybe' : '1e309'];
    });
    const queries: Record<string, string> = {
      'query parameters of the wrong type': new URLSearchParams(wrongQuery.length > 0 ? wrongQuery : [['limit', 'abc']]).toString(),
      'query parameters as nested keys': names.map((n) => `${n}%5B%24gt%5D=`).join('&'),
      'query parameters repeated': names.map((n) => `${n}=1&${n}=2`).join('&'),
      'query parameters 1,500 characters long': names.map((n) => `${n}=${'q'.repeat(1_500)}`).join('&'),
      'query parameters -1 and 1e309': names.map((n, i) => `${n}=${i % 2 === 0 ? '-1' : '1e309'}`).join('&'),
    };
    for (const [name, q] of Object.entries(queries)) variants.push({ kind: 'query', name, path: `${path}?${q}`, ...neutralBody });
    variants.push({ kind: 'header', name: 'X-Country: ZZZ', path, ...neutralBody, headers: { ...neutralBody.headers, 'X-Country': 'ZZZ' } });
    variants.push({ kind: 'header', name: 'X-Lang: !!', path, ...neutralBody, headers: { ...neutralBody.headers, 'X-Lang': '!!' } });
    const declaredHeaders = op.params.filter((p) => p.in === 'header' && !/^x-(country|lang)$/i.test(p.name));
    if (declaredHeaders.length > 0) {
      const odd = Object.fromEntries(declaredHeaders.map((p) => [p.name, 'h'.repeat(300)]));
      variants.push({ kind: 'header', name: 'declared headers 300 characters long', path, ...neutralBody, headers: { ...neutralBody.headers, ...odd } });
    }
    return variants;
  }

  /**
   * Every operation of the document as the probe uses it, and the ids of those skipped: an
   * operation whose success is an event stream holds an accepted request open.
   */
  function operationsOf(sessionEnding: ReadonlySet<string>): { operations: Operation[]; skipped: string[] } {
    const operations: Operation[] = [];
    const skipped: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const id = op.operationId ?? `${method} ${path}`;
        const streams = Object.values(op.responses ?? {}).some((r) => Object.keys(r.content ?? {}).includes('text/event-stream'));
        if (streams) {
          skipped.push(id);
          continue;
        }
        const params = (op.parameters ?? []).map((p) => deref<Parameter>(p));
        const bodySchema = op.requestBody?.content?.['application/json']?.schema;
        operations.push({
          id,
          method: method.toUpperCase(),
          path,
          params,
          bodyFields: bodySchema ? fieldsOf(bodySchema) : undefined,
          bodySchema,
          secured: (op.security ?? []).length > 0,
          endsSession: sessionEnding.has(id),
        });
      }
    }
    return { operations, skipped };
  }

  return { operationsOf, variantsOf };
}
