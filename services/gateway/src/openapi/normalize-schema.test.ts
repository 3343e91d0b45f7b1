import { describe, expect, it } from 'bun:test';
import { toOpenApi30Schema } from './normalize-schema.ts';

describe('toOpenApi30Schema', () => {
  it('turns const into a one-value enum', () => {
    expect(toOpenApi30Schema({ type: 'boolean', const: true })).toEqual({ type: 'boolean', enum: [true] });
  });

  it('keeps the first of examples as example', () => {
    expect(toOpenApi30Schema({ type: 'integer', examples: [900, 60] })).toEqual({ type: 'integer', example: 900 });
  });

  it('drops $id, $schema and other keywords 3.0 does not know', () => {
    expect(toOpenApi30Schema({ $id: 'X', $schema: 'x', type: 'string', error: 'custom', contentMediaType: 'text/plain', 'x-keep': 1 })).toEqual({
      type: 'string',
      'x-keep': 1,
    });
  });

  it('turns a numeric exclusiveMinimum into minimum plus the boolean flag', () => {
    expect(toOpenApi30Schema({ type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 10 })).toEqual({
      type: 'number',
      minimum: 0,
      exclusiveMinimum: true,
      maximum: 10,
      exclusiveMaximum: true,
    });
  });

  it('keeps an inclusive bound that is already tighter than the exclusive one', () => {
    expect(toOpenApi30Schema({ type: 'number', minimum: 5, exclusiveMinimum: 0 })).toEqual({ type: 'number', minimum: 5 });
  });

  it('turns a type array with null into a nullable type', () => {
    expect(toOpenApi30Schema({ type: ['string', 'null'] })).toEqual({ type: 'string', nullable: true });
  });

  it('turns a type array of several types into anyOf', () => {
    expect(toOpenApi30Schema({ type: ['string', 'number'] })).toEqual({ anyOf: [{ type: 'string' }, { type: 'number' }] });
  });

  it('turns a union with null into a nullable schema', () => {
    expect(toOpenApi30Schema({ anyOf: [{ type: 'string', minLength: 1 }, { type: 'null' }] })).toEqual({ nullable: true, type: 'string', minLength: 1 });
  });

  it('keeps a union of several types with null as a nullable anyOf', () => {
    expect(toOpenApi30Schema({ anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] })).toEqual({
      anyOf: [{ type: 'string' }, { type: 'number' }],
      nullable: true,
    });
  });

  it('turns patternProperties of a record into additionalProperties', () => {
    expect(toOpenApi30Schema({ type: 'object', patternProperties: { '^(.*)$': { type: 'number' } } })).toEqual({
      type: 'object',
      additionalProperties: { type: 'number' },
    });
    expect(toOpenApi30Schema({ type: 'object', patternProperties: { '^(.*)$': {} } })).toEqual({ type: 'object', additionalProperties: true });
  });

  it('turns a tuple into an array of any of its item schemas', () => {
    expect(toOpenApi30Schema({ type: 'array', items: [{ type: 'string' }, { type: 'number' }], additionalItems: false, minItems: 2, maxItems: 2 })).toEqual({
      type: 'array',
      items: { anyOf: [{ type: 'string' }, { type: 'number' }] },
      minItems: 2,
      maxItems: 2,
    });
    expect(toOpenApi30Schema({ type: 'array', prefixItems: [{ type: 'string' }, { type: 'string' }] })).toEqual({ type: 'array', items: { type: 'string' } });
  });

  it('describes a numeric query string by the number it carries', () => {
    const numeric = {
      minimum: 1,
      anyOf: [
        { type: 'string', format: 'numeric', default: 0 },
        { type: 'number', minimum: 1 },
      ],
    };
    expect(toOpenApi30Schema(numeric)).toEqual({ minimum: 1, type: 'number' });
  });

  it('rewrites nested schemas in properties, items, combinators and additionalProperties', () => {
    const nested = {
      type: 'object',
      properties: { a: { const: 'x' }, b: { type: 'array', items: { $id: 'I', type: 'string' } } },
      additionalProperties: { examples: [1], type: 'integer' },
      allOf: [{ const: 1 }],
      not: { const: 2 },
    };
    expect(toOpenApi30Schema(nested)).toEqual({
      type: 'object',
      properties: { a: { enum: ['x'] }, b: { type: 'array', items: { type: 'string' } } },
      additionalProperties: { example: 1, type: 'integer' },
      allOf: [{ enum: [1] }],
      not: { enum: [2] },
    });
  });

  it('keeps only $ref on a reference', () => {
    expect(toOpenApi30Schema({ $ref: '#/components/schemas/X', description: 'ignored by 3.0' })).toEqual({ $ref: '#/components/schemas/X' });
  });

  it('drops an empty required list, which 3.0 forbids', () => {
    expect(toOpenApi30Schema({ type: 'object', required: [], properties: {} })).toEqual({ type: 'object', properties: {} });
  });

  it('does not change its input', () => {
    const input = { type: 'boolean', const: true };
    toOpenApi30Schema(input);
    expect(input).toEqual({ type: 'boolean', const: true });
  });
});
