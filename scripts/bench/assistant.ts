/**
 * The assistant's case of `bun run bench` (also alone: `bun scripts/bench/assistant.ts`, or
 * BENCH_ONLY=assistant). Starts talent, catalog, two assistants (one with a local fake
 * OpenAI-compatible provider streaming a chunk every 50 ms, one without a key) and a gateway in
 * front of each, then measures through the gateways:
 *   - time to first `delta`: when the first delta event reaches the client, less when the fake
 *     provider sent its own first byte (the assistant's retrieval, prompt and money guard);
 *   - overhead per tool round: from the provider's last byte of a tool-call reply to its next
 *     request (parsing, running quote_service against the local catalog, the next request);
 *   - fallback answers per second: C concurrent clients sending JSON messages to the keyless one.
 * Knobs: BENCH_ASSISTANT_SAMPLES (20), BENCH_ASSISTANT_CONNECTIONS (16), BENCH_DURATION_S (8).
 * Every process is stopped by PID at the end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type FakeProvider, startFakeProvider } from '@tm/assistant/testing';
import { answersOk, createProcessGroup, freePort, type ProcessGroup, startWithPortRetry, waitFor } from './processes.ts';

export interface AssistantBenchResult {
  samples: number;
  chunkDelayMs: number;
  firstDeltaAboveProviderMs: { p50: number; p95: number; max: number };
  /** The same, from the provider's first chunk carrying text (its first byte is a role-only chunk, one chunk earlier). */
  firstDeltaAboveFirstTextMs: { p50: number; p95: number; max: number };
  toolRoundOverheadMs: { p50: number; p95: number; max: number };
  fallback: { connections: number; durationS: number; answers: number; answersPerS: number; failures: number; p50Ms: number; p99Ms: number };
}

const CHUNK_DELAY_MS = 50;
const READY = '/readyz';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const summary = (values: number[]) => ({ p50: percentile(values, 50), p95: percentile(values, 95), max: Math.max(...values) });

/** Starts the services the case needs; returns the two gateways' URLs. */
async function startServices(group: ProcessGroup, repoRoot: string, fake: FakeProvider) {
  const port = { talent: freePort(), catalog: freePort(), model: freePort(), keyless: freePort(), gatewayModel: freePort(), gatewayKeyless: freePort() };
  const url = (p: number) => `http://127.0.0.1:${p}`;
  const common = { HOST: '127.0.0.1', NODE_ENV: 'development', MONGODB_URL: '', REDIS_URL: '', LLM_API_KEY: '' };
  const start = (name: string, service: string, env: Record<string, string>) =>
    group.spawn(name, [process.execPath, join(repoRoot, 'services', service, 'src', 'main.ts')], { ...common, ...env }, repoRoot);
  const talent = start('talent', 'talent', { PORT: String(port.talent) });
  const catalog = start('catalog', 'catalog', { PORT: String(port.catalog), TALENT_URL: url(port.talent) });
  const quotas = { CHATBOT_MESSAGES_PER_SESSION_MINUTE: '100000', CHATBOT_MESSAGES_PER_IP_DAY: '100000000' };
  const assistantEnv = { CATALOG_URL: url(port.catalog), TALENT_URL: url(port.talent), CONTENT_URL: url(freePort()), ...quotas };
  const model = start('assistant-model', 'assistant', {
    ...assistantEnv,
    PORT: String(port.model),
    LLM_BASE_URL: fake.url,
    LLM_API_KEY: 'sk-bench',
    LLM_MODEL: 'fake',
  });
  const keyless = start('assistant-keyless', 'assistant', { ...assistantEnv, PORT: String(port.keyless) });
  const gatewayEnv = { CATALOG_URL: url(port.catalog), TALENT_URL: url(port.talent), RATE_LIMIT_ANON: '50000000', PUBLIC_SITE_URL: 'http://bench.localhost' };
  const gatewayModel = start('gateway-model', 'gateway', { ...gatewayEnv, PORT: String(port.gatewayModel), ASSISTANT_URL: url(port.model) });
  const gatewayKeyless = start('gateway-keyless', 'gateway', { ...gatewayEnv, PORT: String(port.gatewayKeyless), ASSISTANT_URL: url(port.keyless) });
  for (const [name, p, proc] of [
    ['talent', port.talent, talent],
    ['catalog', port.catalog, catalog],
    ['assistant (model)', port.model, model],
    ['assistant (keyless)', port.keyless, keyless],
  ] as const) {
    await waitFor(`${name} ${READY}`, () => answersOk(`${url(p)}${READY}`), [proc]);
  }
  await waitFor('gateway (model) /healthz', () => answersOk(`${url(port.gatewayModel)}/healthz`), [gatewayModel]);
  await waitFor('gateway (keyless) /healthz', () => answersOk(`${url(port.gatewayKeyless)}/healthz`), [gatewayKeyless]);
  return { model: url(port.gatewayModel), keyless: url(port.gatewayKeyless) };
}

async function newSession(gateway: string) {
  const res = await fetch(`${gateway}/api/chatbot/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-country': 'DE' },
    body: '{}',
  });
  const { id, secret } = ((await res.json()) as { data: { id: string; secret: string } }).data;
  return { id, headers: { 'content-type': 'application/json', 'x-chatbot-secret': secret } };
}

/** Sends one streamed message and returns when the first `delta` event arrived (performance.now()), reading the stream to its end. */
async function streamOnce(gateway: string, s: { id: string; headers: Record<string, string> }, text: string): Promise<number> {
  const res = await fetch(`${gateway}/api/chatbot/sessions/${s.id}/messages`, {
    method: 'POST',
    headers: { ...s.headers, accept: 'text/event-stream' },
    body: JSON.stringify({ text, clientMessageId: crypto.randomUUID() }),
  });
  if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}: ${await res.text()}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let seen = '';
  let firstDeltaAt: number | undefined;
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    seen += decoder.decode(r.value, { stream: true });
    if (firstDeltaAt === undefined && seen.includes('event: delta')) firstDeltaAt = performance.now();
  }
  if (firstDeltaAt === undefined || !seen.includes('event: done')) throw new Error(`no delta or no done in: ${seen.slice(0, 300)}`);
  return firstDeltaAt;
}

async function measureFallback(gateway: string, connections: number, durationS: number) {
  const sessions = await Promise.all(Array.from({ length: connections }, () => newSession(gateway)));
  const latencies: number[] = [];
  let failures = 0;
  const texts = ['A React developer for 120 hours in Germany', 'How do payments work?', 'Two DevOps engineers for 3 months', 'Do you have Kubernetes people?'];
  const deadline = performance.now() + durationS * 1000;
  const started = performance.now();
  await Promise.all(
    sessions.map(async (s, c) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const t0 = performance.now();
        const res = await fetch(`${gateway}/api/chatbot/sessions/${s.id}/messages`, {
          method: 'POST',
          headers: s.headers,
          body: JSON.stringify({ text: texts[(c + i) % texts.length], clientMessageId: `b-${c}-${i}` }),
        });
        const body = (await res.json()) as { data?: { fallback?: boolean } };
        if (res.ok && body.data?.fallback === true) latencies.push(performance.now() - t0);
        else failures++;
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  return {
    connections,
    durationS,
    answers: latencies.length,
    answersPerS: latencies.length / elapsedS,
    failures,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
  };
}

/** Runs the whole case with its own processes and fake provider. */
export async function runAssistantBench(o: {
  repoRoot: string;
  samples: number;
  connections: number;
  durationS: number;
  log: (m: string) => void;
}): Promise<AssistantBenchResult> {
  const workDir = mkdtempSync(join(tmpdir(), 'tm-bench-assistant-'));
  const group = createProcessGroup(workDir);
  const fake = startFakeProvider();
  try {
    o.log(`assistant: starting talent, catalog, two assistants and two gateways; logs in ${workDir}`);
    const gw = await startWithPortRetry(group, 'the assistant case', () => startServices(group, o.repoRoot, fake));
    const text = 'Sure, I can help you find the right people for that. Our developers are vetted and can start quickly.';
    fake.setDefault(() => ({ kind: 'stream', text, chunkChars: 8, chunkDelayMs: CHUNK_DELAY_MS }));
    const s = await newSession(gw.model);
    await streamOnce(gw.model, s, 'warm up');
    const firstDelta: number[] = [];
    const firstDeltaAfterText: number[] = [];
    for (let i = 0; i < o.samples; i++) {
      const before = fake.requests.length;
      const at = await streamOnce(gw.model, s, 'Can you help me hire a team?');
      const sent = fake.requests[before];
      firstDelta.push(at - (sent?.firstByteAt ?? Number.NaN));
      firstDeltaAfterText.push(at - (sent?.firstTextAt ?? Number.NaN));
    }
    o.log(`assistant: first delta ${summary(firstDelta).p50.toFixed(1)} ms above the provider's first byte (p50)`);

    const round: number[] = [];
    for (let i = 0; i < o.samples; i++) {
      const before = fake.requests.length;
      fake.queue(
        {
          kind: 'stream',
          toolCalls: [{ name: 'quote_service', args: { service: 'react-developer', hours: 120, market: 'DE' } }],
          chunkDelayMs: CHUNK_DELAY_MS,
        },
        { kind: 'stream', text: 'Here is the quote.', chunkDelayMs: CHUNK_DELAY_MS },
      );
      await streamOnce(gw.model, s, 'Price a React developer for 120 hours');
      const [call, next] = [fake.requests[before], fake.requests[before + 1]];
      if (call?.lastByteAt !== undefined && next) round.push(next.receivedAt - call.lastByteAt);
    }
    o.log(`assistant: tool round overhead ${summary(round).p50.toFixed(1)} ms (p50)`);

    o.log(`assistant: fallback answers through the gateway, ${o.connections} clients for ${o.durationS} s`);
    const fallback = await measureFallback(gw.keyless, o.connections, o.durationS);
    o.log(`assistant: ${fallback.answersPerS.toFixed(0)} fallback answers/s, p50 ${fallback.p50Ms.toFixed(1)} ms, p99 ${fallback.p99Ms.toFixed(1)} ms`);
    return {
      samples: o.samples,
      chunkDelayMs: CHUNK_DELAY_MS,
      firstDeltaAboveProviderMs: summary(firstDelta),
      firstDeltaAboveFirstTextMs: summary(firstDeltaAfterText),
      toolRoundOverheadMs: summary(round),
      fallback,
    };
  } finally {
    await fake.stop();
    await group.stopAll();
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** The section BENCHMARKS.md gets. */
export function assistantMarkdown(r: AssistantBenchResult): string {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const row = (name: string, v: { p50: number; p95: number; max: number }, target: string) =>
    `| ${name} | ${ms(v.p50)} | ${ms(v.p95)} | ${ms(v.max)} | ${target} |`;
  const f = r.fallback;
  return [
    '## The assistant (chatbot)',
    '',
    `Through the gateway, against a local fake provider streaming a chunk every ${r.chunkDelayMs} ms; ${r.samples} samples each.`,
    '',
    '| measure | p50 | p95 | max | target |',
    '| --- | --- | --- | --- | --- |',
    row("time to first `delta` above the provider's first byte", r.firstDeltaAboveProviderMs, '< 150 ms'),
    row("the same above the provider's first text chunk (its first byte is a role-only chunk)", r.firstDeltaAboveFirstTextMs, ''),
    row('overhead per tool round (provider idle between a tool call and the next request)', r.toolRoundOverheadMs, '< 20 ms'),
    '',
    `Fallback answers (no model key), JSON, ${f.connections} concurrent clients for ${f.durationS} s: **${f.answersPerS.toFixed(0)} answers/s**, p50 ${ms(f.p50Ms)}, p99 ${ms(f.p99Ms)}, ${f.answers} answers, ${f.failures} failures.`,
  ].join('\n');
}

if (import.meta.main) {
  const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  const result = await runAssistantBench({
    repoRoot: resolve(import.meta.dir, '../..'),
    samples: num('BENCH_ASSISTANT_SAMPLES', 20),
    connections: num('BENCH_ASSISTANT_CONNECTIONS', 16),
    durationS: num('BENCH_DURATION_S', 8),
    log: (m) => console.log(`[bench] ${m}`),
  });
  console.log(`\n${assistantMarkdown(result)}`);
}
