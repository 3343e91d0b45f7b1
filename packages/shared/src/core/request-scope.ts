import { AsyncLocalStorage } from 'node:async_hooks';
import type { TraceContext } from './trace-context.ts';

/**
 * What the code running for one request knows about it without being handed it: its request id
 * (and, with traces, its trace context). serviceBase enters the scope as a request arrives; the
 * service client reads it so every outbound call carries the id, and the logger puts it on every
 * line. Work started from a request (a mail sent after the answer) keeps its scope.
 */
export interface RequestScope {
  readonly requestId: string;
  /** The span this request's work runs in: its outbound calls and store operations are its children. */
  readonly trace?: TraceContext;
}

const scopes = new AsyncLocalStorage<RequestScope>();

/**
 * Makes `scope` the current one for the rest of this request's execution (its awaits included).
 * `enterWith`, not `run`: Elysia has no hook around a request, only hooks at its start. Every
 * request enters its own scope at its first hook, so one never sees another's.
 */
export function enterRequestScope(scope: RequestScope): void {
  scopes.enterWith(scope);
}

/** Runs `fn` inside `scope` (background work that acts for a request, tests). */
export function runInRequestScope<T>(scope: RequestScope, fn: () => T): T {
  return scopes.run(scope, fn);
}

/** The scope of the request being handled, if any. */
export function currentRequestScope(): RequestScope | undefined {
  return scopes.getStore();
}
