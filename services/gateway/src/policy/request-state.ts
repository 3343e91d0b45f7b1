import type { TokenCheck } from './tokens.ts';

/** What the policy step learned about a request, for the routes behind it. */
export interface RequestState {
  path: string;
  clientIp: string;
  token: TokenCheck;
}

const STATE = Symbol('gateway.request-state');
type Tagged = Request & { [STATE]?: RequestState };

/**
 * Per-request policy results carried on the Request object itself, so any route (the API proxy,
 * /mcp) reads them without re-verifying. A symbol-keyed property rather than a WeakMap: it is
 * several times cheaper on the hot path and goes away with the request just the same.
 */
export class RequestStates {
  set(request: Request, state: RequestState): void {
    (request as Tagged)[STATE] = state;
  }

  get(request: Request): RequestState | undefined {
    return (request as Tagged)[STATE];
  }
}
