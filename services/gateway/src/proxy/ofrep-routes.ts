import { pathOfUrl, requestIdOf, UNKNOWN_CLIENT_IP } from '@tm/shared/http';
import type { Telemetry } from '@tm/shared/telemetry';
import type { RequestStates } from '../policy/request-state.ts';
import type { Upstreams } from '../site-deps.ts';
import { handOver, type ProxiedRoute } from './api-routes.ts';
import { forward, ProxyFailure } from './proxy.ts';
import { resolveOfrepTarget, searchOf } from './routing.ts';
import { createTimeoutSignals } from './timeout-signals.ts';

/** What the OFREP pass-through needs. */
export interface OfrepRoutesDeps {
  upstreams: Pick<Upstreams, 'growth'>;
  fetch: typeof fetch;
  upstreamTimeoutMs: number;
  maxBodyBytes: number;
  states: RequestStates;
  telemetry?: Telemetry;
}

/**
 * `/ofrep/v1/*` at the site root, forwarded to growth unchanged: OpenFeature's OFREP providers
 * speak to it directly, so its answers are OFREP's own (flags, FLAG_NOT_FOUND, 304 with ETag),
 * never the envelope, like /mcp. Evaluation is public: a bearer token, when sent, goes with the
 * request and growth reads the user from it. A gateway-made failure (growth down or slow) is
 * OFREP's general error, `{errorCode: "GENERAL", errorDetails}`, with the proxy's status. Served by
 * the front door (proxy/front-door.ts), after the policy, without Elysia.
 */
export function createOfrepProxy(deps: OfrepRoutesDeps): ProxiedRoute {
  const timeouts = createTimeoutSignals(deps.upstreamTimeoutMs);
  return async (request, set) => {
    const state = deps.states.get(request);
    const path = state?.path ?? pathOfUrl(request.url);
    const target = resolveOfrepTarget(path);
    if (target === undefined) {
      set.status = 404;
      return { errorCode: 'GENERAL', errorDetails: `No OFREP operation at ${path}` };
    }
    const answer = await forward(request, {
      url: `${deps.upstreams.growth}${target.path}${searchOf(request.url)}`,
      clientIp: state?.clientIp ?? UNKNOWN_CLIENT_IP,
      requestId: requestIdOf({ request, set }),
      signal: timeouts.next(),
      maxBodyBytes: deps.maxBodyBytes,
      fetch: deps.fetch,
      envelope: false,
      service: 'growth',
      telemetry: deps.telemetry,
    });
    if (answer instanceof ProxyFailure) {
      set.status = answer.status;
      return { errorCode: 'GENERAL', errorDetails: answer.body.error.message };
    }
    return handOver(answer, set);
  };
}
