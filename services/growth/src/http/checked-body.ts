import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { GrowthErrorCode } from '@tm/contracts';
import { DomainError } from '@tm/shared';

/**
 * A route `transform` that checks the body against its contract schema before Elysia does and
 * refuses it with this service's stable code (INVALID_FLAG, INVALID_LEAD, ...), naming the first
 * problem's field, instead of the generic VALIDATION_FAILED. Fields the schema does not name are
 * refused too (the contract schemas say additionalProperties: false), never silently dropped.
 */
export function checkedBody(schema: TSchema, code: GrowthErrorCode) {
  return (ctx: { body: unknown }) => {
    const problem = firstProblem(schema, ctx.body);
    if (problem !== undefined) throw new DomainError(code, problem);
  };
}

/** The first reason `value` breaks `schema`, as `field: message`, or undefined when it fits. */
export function firstProblem(schema: TSchema, value: unknown): string | undefined {
  if (value === undefined || value === null) return 'A JSON object body is required';
  if (Value.Check(schema, value)) return undefined;
  const first = Value.Errors(schema, value).First();
  if (!first) return 'The body does not fit the operation';
  const where = first.path ? first.path.replace(/^\//, '').replaceAll('/', '.') : 'body';
  return `${where || 'body'}: ${first.message}`;
}
