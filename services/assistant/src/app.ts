import { AGENT_TOOLS, type AgentTool, toolsFor, type UpstreamClient } from '@tm/agent-tools';
import { ASSISTANT_ERROR_STATUS } from '@tm/contracts';
import { type Clock, type Logger, systemClock } from '@tm/shared';
import { type InternalCallers, type ReadinessCheck, SERVICE_APP_CONFIG, serviceBase, serviceOpenApi } from '@tm/shared/http';
import type { DocumentStore, KeyValueStore } from '@tm/shared/store';
import type { Telemetry } from '@tm/shared/telemetry';
import type { CallerVerifier } from '@tm/shared/tokens/callers';
import { Elysia } from 'elysia';
import type { MessageLimits } from './messages/limits.ts';
import { createMessageRoutes } from './messages/routes.ts';
import type { ChatProvider } from './provider/model.ts';
import { createContentReader } from './retrieval/content.ts';
import { createCallerReader } from './sessions/caller.ts';
import { createChatbotStore } from './sessions/repository.ts';
import { createSessionRoutes } from './sessions/routes.ts';

/** Everything the assistant service needs from outside; main.ts builds the real ones, tests embedded ones. */
export interface AssistantDeps {
  /** Further /readyz entries (main.ts: the revocation feed's, not required: reported degraded while stale). */
  readiness?: Readonly<Record<string, ReadinessCheck>>;
  documents: DocumentStore;
  keyValue: KeyValueStore;
  logger: Logger;
  clock?: Clock;
  /** main.ts's telemetry (requests, calls, store operations); a private one when left out. */
  telemetry?: Telemetry;
  /** Who may call /internal/* (main.ts: from SERVICE_CREDENTIALS_ACCEPTED); left out, nobody may. */
  internalCallers?: InternalCallers;
  /** METRICS_TOKEN: GET /metrics then answers only this bearer token (open on the service network without it). */
  metricsToken?: string | undefined;
  /** The agent tools' service client (catalog, talent, content, search, growth). */
  upstream: UpstreamClient;
  /** The model; left out without LLM_API_KEY (every answer is then the deterministic fallback). */
  provider?: ChatProvider;
  /** The optional bearer token's caller: auth's JWKS and revocation feed (@tm/shared/tokens/callers). */
  tokens: CallerVerifier;
  /** The public site origin for links (no trailing slash). */
  origin: string;
  limits: MessageLimits;
  /** Heartbeat comments on the answer stream at least this often (default 8 s). */
  heartbeatMs?: number;
  maxToolRounds?: number;
  trustProxy?: number;
  /** The tools offered to the model (default: the assistant's share of @tm/agent-tools). */
  tools?: readonly AgentTool[];
}

/** The assistant service: the chatbot (design/assistant.md). Never reads the environment, never opens a connection. */
export function createApp(deps: AssistantDeps) {
  const clock = deps.clock ?? systemClock;
  const store = createChatbotStore(deps.documents);
  const callers = createCallerReader(deps.tokens);
  const tools = deps.tools ?? toolsFor('assistant', AGENT_TOOLS);
  return new Elysia(SERVICE_APP_CONFIG)
    .use(
      serviceBase({
        internalCallers: deps.internalCallers,
        service: 'assistant',
        logger: deps.logger,
        telemetry: deps.telemetry,
        metrics: { token: deps.metricsToken, withoutToken: 'open' },
        errorStatus: ASSISTANT_ERROR_STATUS,
        readiness: {
          documents: { check: () => deps.documents.ping(), required: true, kind: deps.documents.kind },
          keyValue: { check: () => deps.keyValue.ping(), required: true, kind: deps.keyValue.kind },
          ...deps.readiness,
        },
      }),
    )
    .use(
      serviceOpenApi({
        title: 'Assistant',
        description: 'The chatbot: sessions and answers grounded in the catalog, talent and FAQ.',
        tags: [{ name: 'Chatbot', description: 'Chatbot sessions and answers' }],
      }),
    )
    .use(createSessionRoutes({ store, clock, callers }))
    .use(
      createMessageRoutes({
        store,
        clock,
        callers,
        keyValue: deps.keyValue,
        limits: deps.limits,
        upstream: deps.upstream,
        origin: deps.origin,
        staleTurnMs: 5 * 60_000,
        heartbeatMs: deps.heartbeatMs ?? 8_000,
        trustProxy: deps.trustProxy ?? 1,
        answer: { provider: deps.provider, tools, content: createContentReader(deps.upstream, clock), maxToolRounds: deps.maxToolRounds ?? 4 },
      }),
    );
}

/** Builds the indexes the assistant's collections need (main.ts runs it at start). */
export function ensureAssistantIndexes(documents: DocumentStore): Promise<void> {
  return createChatbotStore(documents).ensureIndexes();
}
