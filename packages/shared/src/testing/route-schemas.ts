/** What a route of an Elysia app declares: the very schema objects its hooks hold. */
export interface DeclaredSchemas {
  body?: unknown;
  query?: unknown;
  response: Record<string, unknown>;
}

interface RoutedApp {
  routes: readonly { method: string; path: string; hooks?: unknown }[];
}

/**
 * The schemas `method path` declares in `app`, for contract tests that prove a service answers
 * with the contract's schema objects themselves (identity, not a look-alike). Throws when the app
 * has no such route, so a renamed route cannot make such a test pass vacuously.
 */
export function declaredSchemas(app: RoutedApp, method: string, path: string): DeclaredSchemas {
  const route = app.routes.find((r) => r.method === method && r.path === path);
  if (!route) throw new Error(`no route ${method} ${path}`);
  const hooks = (route.hooks ?? {}) as { body?: unknown; query?: unknown; response?: Record<string, unknown> };
  return { body: hooks.body, query: hooks.query, response: hooks.response ?? {} };
}

/** The `data` schema of a success envelope schema (`envelopeOf(X)` gives X). */
export function envelopeData(envelope: unknown): unknown {
  return (envelope as { properties?: { data?: unknown } } | undefined)?.properties?.data;
}

/** The item schema of an array schema (`t.Array(X)` gives X). */
export function itemsOf(array: unknown): unknown {
  return (array as { items?: unknown } | undefined)?.items;
}
