/**
 * Shapes of JSON no body of this API has, refused before Elysia validates: Elysia builds its
 * validation message with `${value}`, which overflows the stack on a deeply nested array and
 * throws on an object with its own `toString` / `valueOf`, turning a bad body into a 500.
 */

/** No body of the API nests past a few levels; 32 leaves room for any future shape. */
export const MAX_BODY_DEPTH = 32;

/**
 * Why `value` is refused (nesting past `maxDepth`, or a field named like an Object.prototype
 * member: toString, valueOf, __proto__, constructor, ...), or undefined when its shape is fine.
 * Iterative, so any depth is safe to measure.
 */
export function bodyShapeProblem(value: unknown, maxDepth = MAX_BODY_DEPTH): string | undefined {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (typeof v !== 'object' || v === null) continue;
    if (depth + 1 > maxDepth) return `The request body nests deeper than ${maxDepth} levels`;
    if (Array.isArray(v)) {
      for (const child of v) stack.push([child, depth + 1]);
      continue;
    }
    for (const [key, child] of Object.entries(v)) {
      if (key in Object.prototype) return `The request body uses a reserved field name: ${key}`;
      stack.push([child, depth + 1]);
    }
  }
  return undefined;
}
