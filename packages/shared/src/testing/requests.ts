import { expect } from 'bun:test';
import { INTERNAL_CALL_HEADERS } from './service-credentials.ts';

/** What a test request carries: `token` as the bearer, `body` as JSON or `raw` as it is, more `headers`. */
export interface TestCallOptions {
  token?: string | undefined;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}

/** A test request's answer: the JSON as `body` (null when empty or not JSON) and the text as it came. */
export interface TestAnswer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/**
 * The request helper of a service's test factory: one request through `app.handle` (the real HTTP
 * surface), a body's content-type application/json unless `headers` says otherwise, and a call to
 * `/internal/*` with the tests' service credential, as a service's client sends it.
 */
export function createTestCaller(app: { handle(request: Request): Response | Promise<Response> }) {
  return async function call(method: string, path: string, o: TestCallOptions = {}): Promise<TestAnswer> {
    const headers: Record<string, string> = { ...(path.startsWith('/internal/') ? INTERNAL_CALL_HEADERS : {}), ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const body = o.raw ?? (o.body === undefined ? undefined : JSON.stringify(o.body));
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await app.handle(new Request(`http://localhost${path}`, { method, headers, ...(body === undefined ? {} : { body }) }));
    const text = await res.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {}
    return { status: res.status, headers: res.headers, body: json, text };
  };
}

/**
 * Bodies no JSON route takes, whatever its schema: empty, not an object, cut off, nested past the
 * body-shape guard's depth, prototype-polluting. A service's bad-input test adds its own fields'.
 */
export const GARBAGE_BODIES: readonly string[] = [
  '',
  'null',
  '[]',
  '"text"',
  '42',
  '{',
  `{"deep":${'['.repeat(200)}${']'.repeat(200)}}`,
  '{"__proto__":{"admin":true}}',
];

/** Bad input's one answer: a 4xx, never a 500, in the error envelope with a stable code. `where` names the case when it fails. */
export function expectErrorEnvelope(res: { status: number; body: any }, where: string): void {
  expect(res.status, where).toBeGreaterThanOrEqual(400);
  expect(res.status, where).toBeLessThan(500);
  expect(res.body?.success, where).toBe(false);
  expect(res.body?.error?.code, where).toMatch(/^[A-Z][A-Z0-9_]*$/);
}
