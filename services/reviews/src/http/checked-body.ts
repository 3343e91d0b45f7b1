import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { ReviewsErrorCode } from '@tm/contracts';
import { DomainError } from '@tm/shared';

/**
 * A route `transform` that checks the body against its contract schema before Elysia does and
 * refuses it with a stable code chosen by the first broken field (`rating` → INVALID_RATING,
 * `text` → INVALID_REVIEW_TEXT, ...), naming the field, instead of the generic VALIDATION_FAILED.
 * Fields the schema does not name are refused too (additionalProperties: false).
 */
export function checkedBody(schema: TSchema, fallback: ReviewsErrorCode, byField: Partial<Record<string, ReviewsErrorCode>> = {}) {
  return (ctx: { body: unknown }) => {
    const problem = firstProblem(schema, ctx.body);
    if (problem === undefined) return;
    const field = problem.field.split('.')[0] ?? '';
    throw new DomainError(byField[field] ?? fallback, problem.message);
  };
}

/** The first reason `value` breaks `schema` (its top field and `field: message`), or undefined when it fits. */
export function firstProblem(schema: TSchema, value: unknown): { field: string; message: string } | undefined {
  if (value === undefined || value === null || typeof value !== 'object' || Array.isArray(value))
    return { field: '', message: 'A JSON object body is required' };
  if (Value.Check(schema, value)) return undefined;
  const first = Value.Errors(schema, value).First();
  if (!first) return { field: '', message: 'The body does not fit the operation' };
  const field = first.path.replace(/^\//, '').replaceAll('/', '.');
  return { field, message: `${field || 'body'}: ${first.message}` };
}
