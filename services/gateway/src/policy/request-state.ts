import type { TokenCheck } from './tokens.ts';

/** What the policy step learned about a request, for the routes behind it. */
export interface RequestState {
  path: string;
  clientIp: string;
  token: TokenCheck;
  /**
   * The last count this replica saw for the request's bucket and key, in the current window, left
   * at least a tenth of the quota (see `aheadMargin`): a safe read may start on its way to the
   * service while this request is counted (proxy/front-door.ts). False for a first request, a
   * client near or past its quota, and before the count for a token not yet verified.
   */
  wellWithinQuota: boolean;
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
