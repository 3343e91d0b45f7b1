import type { Logger } from '../core/logger.ts';
import type { Telemetry } from '../telemetry/telemetry.ts';

/**
 * What a calling process gives every client it makes, the same for all of them: its logger and
 * telemetry (and its fetch in tests). main.ts builds one and spreads it into each port's options,
 * so a port passes it on without naming each part.
 */
export interface ClientKit {
  logger: Logger;
  fetch?: typeof fetch | undefined;
  /** Where calls are counted and timed by target and outcome (main.ts's); none: not recorded. */
  telemetry?: Telemetry | undefined;
  /**
   * This process's service credential (`<name>.<secret>`, config SERVICE_CREDENTIAL), sent as
   * X-Service-Credential on every call so the called service's /internal/* routes let it in.
   */
  credential?: string | undefined;
}

/** Where one service reaches another, and how long it waits. */
export interface ServiceClientOptions extends ClientKit {
  /** The called service's name, for log lines, metrics and failure messages ('talent', 'catalog'). */
  service: string;
  /** Base URL; a path in it is kept (`http://h/catalog` + `/x` -> `http://h/catalog/x`). */
  baseUrl: string;
  /** Whole-call budget (connect, answer and body), after which the call is UPSTREAM_TIMEOUT. */
  timeoutMs: number;
  /** No warning per failed call: for a poller that reports an outage once itself (the revocation feed). */
  quiet?: boolean;
}
