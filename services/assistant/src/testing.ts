import { type AgentTool, createUpstreamClient, type UpstreamClient } from '@tm/agent-tools';
import { createManualClock, silentLogger } from '@tm/shared';
import type { DocumentStore, KeyValueStore } from '@tm/shared/store';
import { createEmbeddedDocumentStore, createEmbeddedKeyValueStore } from '@tm/shared/store/embedded';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@tm/shared/tokens';
import { generateKeyPair, type JWTVerifyGetKey, SignJWT } from 'jose';
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
}

/** The assistant over embedded stores with its own signing key, a request helper and `tokenFor(sub)`. */
export async function createAssistantUnderTest(options: AssistantUnderTestOptions = {}) {
  const documents = options.documents ?? createEmbeddedDocumentStore();
  const keyValue = options.keyValue ?? createEmbeddedKeyValueStore();
  const clock = createManualClock(Date.now());
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const keys: JWTVerifyGetKey = async () => publicKey;
  const upstream: UpstreamClient = createUpstreamClient({ upstreams: options.upstreams ?? {}, fetch, upstreamTimeoutMs: 2000, logger: silentLogger });
  const app = createApp({
    documents,
    keyValue,
    logger: silentLogger,
    clock,
    upstream,
    ...(options.provider ? { provider: options.provider } : {}),
    keys,
    origin: 'https://tm.example',
    limits: { perSessionPerMinute: 20, perIpPerDay: 200, ...options.limits },
    heartbeatMs: options.heartbeatMs ?? 8000,
    ...(options.tools ? { tools: options.tools } : {}),
  });
  const tokenFor = (sub: string, role = 'customer') =>
    new SignJWT({ sub, role, sid: `s-${sub}`, typ: 'access' })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'test' })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(Math.floor(clock.now() / 1000))
      .setExpirationTime(Math.floor(clock.now() / 1000) + 900)
      .setJti(crypto.randomUUID())
      .sign(privateKey);
  /** One request through app.handle; `raw` sends a body as it is. */
  const call = async (method: string, path: string, init: { body?: unknown; raw?: string; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = {
      ...(init.body !== undefined || init.raw !== undefined ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    };
    const body = init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
    const res = await app.handle(new Request(`http://localhost${path}`, { method, headers, ...(body === undefined ? {} : { body }) }));
    const text = await res.text();
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {}
    return { status: res.status, headers: res.headers, body: json, text };
  };
  return { app, documents, keyValue, clock, call, tokenFor };
}

export type AssistantUnderTest = Awaited<ReturnType<typeof createAssistantUnderTest>>;
