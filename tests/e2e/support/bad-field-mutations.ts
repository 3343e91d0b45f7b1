/**
 * The bodies of tests/e2e/bad-field.e2e.test.ts, made from the gateway's /openapi.json: a valid
 * body per operation (required fields from example, default, enum, format and min/max), then that
 * body with one field (top level, or one level down in an object or the first element of a list
 * of objects) replaced by a bad value, and whether the schema's declared constraints refuse it.
 */
import { type OpenApiDoc, type Schema, schemaResolver } from './bad-input-variants.ts';

const LONG = 'x'.repeat(10_000);
/** A deliberately simple e-mail check: what any reading of `format: email` refuses. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** One field replaced in an otherwise valid body. */
export interface Mutation {
  /** The field's path in the body, e.g. `contact.email` or `items[0].qty`. */
  field: string;
  name: string;
  body: Record<string, unknown>;
  /** A constraint the schema declares (type, enum, bounds, lengths, pattern, format, required) refuses the value. */
  mustRefuse: boolean;
}

export function badFieldMutations(doc: OpenApiDoc) {
  const { deref, fieldsOf, wrongTypeFor } = schemaResolver(doc);

  function requiredOf(schema: Schema): string[] {
    const s = deref(schema);
    return [...(s.required ?? []), ...(s.allOf ?? []).flatMap(requiredOf)];
  }

  /** A string that satisfies the schema's pattern, lengths and format. */
  function validString(s: Schema): string {
    if (s.format === 'email') return 'bad-field-probe@example.com';
    if (s.format === 'date-time') return new Date().toISOString();
    if (s.format === 'uri' || s.format === 'url') return 'https://example.com/bad-field-probe';
    const min = s.minLength ?? 0;
    const candidates = ['bad-field-probe', 'en', 'probe', 'Probe text for the bad-field probe'];
    const fits = (c: string) => c.length >= min && c.length <= (s.maxLength ?? Number.POSITIVE_INFINITY);
    const padded = candidates.map((c) => (c.length < min ? c.padEnd(min, 'x') : c));
    return padded.find((c) => fits(c) && (!s.pattern || new RegExp(s.pattern, 'u').test(c))) ?? 'x'.repeat(Math.max(min, 1));
  }

  function validNumber(s: Schema): number {
    const exclusive = s.exclusiveMinimum === true || typeof s.exclusiveMinimum === 'number';
    const floor = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : (s.minimum ?? 1);
    const value = exclusive ? floor + 1 : Math.max(floor, 1);
    return Math.min(value, s.maximum ?? value);
  }

  /** A value the schema accepts: declared hints first, then one made from the type and bounds. */
  function validValue(schema: Schema): unknown {
    const s = deref(schema);
    for (const hint of [s.const, s.example, s.examples?.[0], s.default, s.enum?.[0]]) if (hint !== undefined) return hint;
    const alt = (s.anyOf ?? s.oneOf)?.[0];
    if (alt) return validValue(alt);
    switch (s.type) {
      case 'string':
        return validString(s);
      case 'integer':
      case 'number':
        return validNumber(s);
      case 'boolean':
        return false;
      case 'array':
        return Array.from({ length: Math.max(s.minItems ?? 0, 1) }, () => validValue(s.items ?? {}));
      default: {
        const fields = fieldsOf(s);
        return Object.fromEntries(requiredOf(s).map((name) => [name, validValue(fields[name] ?? {})]));
      }
    }
  }

  /** Whether a declared constraint of `schema` refuses `value` (undefined: the field left out). */
  function violates(schema: Schema, value: unknown): boolean {
    const s = deref(schema);
    const alts = s.anyOf ?? s.oneOf;
    if (alts) return alts.every((alt) => violates(alt, value));
    if (s.const !== undefined && value !== s.const) return true;
    if (s.enum && !s.enum.includes(value)) return true;
    if (value === null) return s.type !== undefined && s.type !== 'null';
    switch (s.type ?? (s.properties ? 'object' : undefined)) {
      case 'string': {
        if (typeof value !== 'string') return true;
        if (value.length < (s.minLength ?? 0) || value.length > (s.maxLength ?? Number.POSITIVE_INFINITY)) return true;
        if (s.pattern && !new RegExp(s.pattern, 'u').test(value)) return true;
        if (s.format === 'email' && !EMAIL.test(value)) return true;
        return s.format === 'date-time' && Number.isNaN(Date.parse(value));
      }
      case 'integer':
      case 'number': {
        if (typeof value !== 'number' || !Number.isFinite(value)) return true;
        if (s.type === 'integer' && !Number.isInteger(value)) return true;
        if (s.multipleOf && !Number.isInteger(value / s.multipleOf)) return true;
        const exclusive = s.exclusiveMinimum === true;
        if (s.minimum !== undefined && (exclusive ? value <= s.minimum : value < s.minimum)) return true;
        if (typeof s.exclusiveMinimum === 'number' && value <= s.exclusiveMinimum) return true;
        return s.maximum !== undefined && value > s.maximum;
      }
      case 'boolean':
        return typeof value !== 'boolean';
      case 'array':
        if (!Array.isArray(value)) return true;
        if (value.length < (s.minItems ?? 0) || value.length > (s.maxItems ?? Number.POSITIVE_INFINITY)) return true;
        return s.items !== undefined && value.some((item) => violates(s.items as Schema, item));
      case 'object': {
        if (typeof value !== 'object' || Array.isArray(value)) return true;
        const fields = fieldsOf(s);
        const record = value as Record<string, unknown>;
        if (requiredOf(s).some((name) => record[name] === undefined)) return true;
        if (s.additionalProperties === false && Object.keys(record).some((k) => !(k in fields))) return true;
        return Object.entries(record).some(([k, v]) => {
          const declared = fields[k] ?? (typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined);
          return declared !== undefined && violates(declared, v);
        });
      }
      default:
        return false;
    }
  }

  /** A string breaking only the schema's pattern or format, when it declares one. */
  function violatingString(s: Schema): string | undefined {
    if (s.format === 'email') return 'not-an-email';
    if (s.format === 'date-time') return 'not-a-date';
    if (!s.pattern) return undefined;
    const re = new RegExp(s.pattern, 'u');
    const candidates = ['Not A Valid-Value!', 'line\nbreak', '   ', 'has space', 'UPPER', '\u202Eevil'];
    return candidates.find((c) => !re.test(c) && c.length >= (s.minLength ?? 0) && c.length <= (s.maxLength ?? 1_000));
  }

  /** The bad values one field is replaced with. */
  function badValues(schema: Schema, required: boolean): [string, unknown][] {
    const s = deref(schema);
    const type = s.type ?? (s.anyOf ?? s.oneOf)?.map((alt) => deref(alt).type).find(Boolean);
    const values: [string, unknown][] = [
      ['the wrong type', wrongTypeFor(s)],
      ['null', null],
      ['an empty string', ''],
      ['a 10,000-character string', LONG],
      ['-1', -1],
      ['1e308', 1e308],
      ['an array', ['bad-field-probe', 1]],
      ['an object {"$gt": ""}', { $gt: '' }],
    ];
    if (type === 'integer') values.push(['a fraction', 1.5]);
    const broken = violatingString(s);
    if (broken !== undefined) values.push([`a string breaking its ${s.format ? 'format' : 'pattern'}`, broken]);
    if (required) values.push(['left out', undefined]);
    return values;
  }

  /**
   * The mutations of one valid body: each declared field at the top level, and each field of an
   * object one level down (for a list of objects, of its first element), replaced by each bad value.
   */
  function mutationsOf(bodySchema: Schema, valid: Record<string, unknown>): Mutation[] {
    const mutations: Mutation[] = [];
    const top = fieldsOf(bodySchema);
    const topRequired = new Set(requiredOf(bodySchema));
    for (const [name, field] of Object.entries(top)) {
      for (const [what, value] of badValues(field, topRequired.has(name))) {
        const body = { ...valid, [name]: value };
        mutations.push({ field: name, name: what, body, mustRefuse: violates(bodySchema, body) });
      }
      const list = field.type === 'array';
      const inner = deref(list ? (field.items ?? {}) : field);
      const innerFields = fieldsOf(inner);
      if (Object.keys(innerFields).length === 0) continue;
      const base = (list ? (valid[name] as unknown[] | undefined)?.[0] : valid[name]) ?? validValue(inner);
      const innerRequired = new Set(requiredOf(inner));
      for (const [sub, subField] of Object.entries(innerFields)) {
        for (const [what, value] of badValues(subField, innerRequired.has(sub))) {
          const changed = { ...(base as Record<string, unknown>), [sub]: value };
          const body = { ...valid, [name]: list ? [changed] : changed };
          mutations.push({ field: list ? `${name}[0].${sub}` : `${name}.${sub}`, name: what, body, mustRefuse: violates(bodySchema, body) });
        }
      }
    }
    return mutations;
  }

  return { validValue, violates, mutationsOf };
}
