import { Glob } from 'bun';

/**
 * The error codes a service's source names as string literals where an error is made
 * (`new DomainError('X'`, `fail('X'`, `gatewayFailure('X'`, `toolFailure('X'`, `code: 'X'`), by
 * file. Tests compare them with the service's error table, so a code another process owns (it
 * compiles: DomainError takes every table's codes) cannot reach a plugin that has no status for it.
 */
export async function errorCodesInSource(srcDir: string): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  const pattern = /(?:new DomainError(?:<[^>]*>)?|\bfail|[fF]ailure|toolFailure)\(\s*'([A-Z][A-Z0-9_]*)'|\bcode: '([A-Z][A-Z0-9_]*)'/g;
  for await (const file of new Glob('**/*.ts').scan({ cwd: srcDir })) {
    if (file.endsWith('.test.ts') || file.includes('testing/')) continue;
    const text = await Bun.file(`${srcDir}/${file}`).text();
    for (const m of text.matchAll(pattern)) {
      const code = (m[1] ?? m[2]) as string;
      found.set(code, [...(found.get(code) ?? []), file]);
    }
  }
  return found;
}
