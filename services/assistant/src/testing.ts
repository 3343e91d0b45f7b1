import { type AgentTool, createUpstreamClient, type UpstreamClient } from '@tm/agent-tools';
import { createManualClock, silentLogger } from '@tm/shared';
import type { DocumentStore, KeyValueStore } from '@tm/shared/store';
import { createEmbeddedDocumentStore, createEmbeddedKeyValueStore } from '@tm/shared/store/embedded';
import { createTestCaller, createTestSigner } from '@tm/shared/testing';
import { createCallerVerifier, type SessionRevocations } from '@tm/shared/tokens/callers';
import { createFixedRevocationView } from '@tm/shared/tokens/revocations';
import { createApp } from './app.ts';
import type { MessageLimits } from './messages/limits.ts';
import type { ChatProvider } from './provider/model.ts';

// What other workspaces' tests may build of assistant (`@tm/assistant/testing`); nothing here is for production code.
export { createApp } from './app.ts';
export { createChatProvider } from './provider/client.ts';
export { type FakeProvider, type FakeReply, type FakeRequest, startFakeProvider } from './testing/fake-provider.ts';

export interface AssistantUnderTestOptions {
  documents?: DocumentStore;
  keyValue?: KeyValueStore;
  provider?: ChatProvider;
  /** Where the tools reach catalog and talent (default: nothing listens, so tools and retrieval are away). */
  upstreams?: { catalog?: string; talent?: string; content?: string };
  limits?: Partial<MessageLimits>;
  heartbeatMs?: number;
  tools?: readonly AgentTool[];
  /** Auth's revocation feed as this process's copy holds it (default: nothing revoked, always fresh). */
  revocations?: SessionRevocations;
}

/** The assistant over embedded stores with its own signing key, a request helper and `tokenFor(sub)`. */
export async function createAssistantUnderTest(options: AssistantUnderTestOptions = {}) {
  const documents = options.documents ?? createEmbeddedDocumentStore();
  const keyValue = options.keyValue ?? createEmbeddedKeyValueStore();
  const clock = createManualClock(Date.now());
  const signer = await createTestSigner();
  const upstream: UpstreamClient = createUpstreamClient({ upstreams: options.upstreams ?? {}, fetch, upstreamTimeoutMs: 2000, logger: silentLogger });
  const app = createApp({
    documents,
    keyValue,
    logger: silentLogger,
    clock,
    upstream,
    ...(options.provider ? { provider: options.provider } : {}),
    tokens: createCallerVerifier({ keys: signer.keys, clock, revocations: options.revocations ?? createFixedRevocationView() }),
    origin: 'https://tm.example',
    limits: { perSessionPerMinute: 20, perIpPerDay: 200, ...options.limits },
    heartbeatMs: options.heartbeatMs ?? 8000,
    ...(options.tools ? { tools: options.tools } : {}),
  });
  const tokenFor = (sub: string, role = 'customer') => signer.accessToken({ sub, role }, clock.now());
  return { app, documents, keyValue, clock, call: createTestCaller(app), tokenFor };
}

export type AssistantUnderTest = Awaited<ReturnType<typeof createAssistantUnderTest>>;
