import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { AssistantErrorCode } from '@tm/contracts';
import { DomainError } from '@tm/shared';

const compiled = new WeakMap<TSchema, ReturnType<typeof TypeCompiler.Compile>>();

/**
 * Checks a parsed body against its contract schema in the route's transform hook, before
 * Elysia's own check, so every misfit answers 400 with the route's stable code and the first
 * problem named (`text: Expected string length less or equal to 2000`), never a generic code.
 */
export function checkBody(schema: TSchema, body: unknown, code: AssistantErrorCode): void {
  let check = compiled.get(schema);
  if (!check) {
    check = TypeCompiler.Compile(schema);
    compiled.set(schema, check);
  }
  if (check.Check(body)) return;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new DomainError(code, 'The body must be a JSON object');
  const first = check.Errors(body).First();
  const field = first?.path.replace(/^\//, '').replaceAll('/', '.') || 'body';
  throw new DomainError(code, `${field}: ${first?.message ?? 'invalid'}`);
}
