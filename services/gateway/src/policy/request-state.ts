import type { Principal, TokenCheck } from './tokens.ts';

/** What the policy step learned about a request, for the routes behind it. */
export interface RequestState {
  clientIp: string;
  token: TokenCheck;
}

/**
 * Per-request policy results keyed by the Request object, so any route (the API proxy, /mcp)
 * reads them without re-verifying. Entries vanish with their request (WeakMap).
 */
export class RequestStates {
  readonly #states = new WeakMap<Request, RequestState>();

  set(request: Request, state: RequestState): void {
    this.#states.set(request, state);
  }

  get(request: Request): RequestState | undefined {
    return this.#states.get(request);
  }

  /** The caller a valid access token speaks for, or undefined (no token, or an invalid one). */
  principalOf = (request: Request): Principal | undefined => {
    const token = this.#states.get(request)?.token;
    return token?.kind === 'valid' ? token.principal : undefined;
  };
}
