import { describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import { Elysia, t } from 'elysia';
import { createServiceClient } from '../client/service-client.ts';
import { silentLogger } from '../core/logger.ts';
import { parseTraceparent, type TraceContext } from '../core/trace-context.ts';
import { SERVICE_APP_CONFIG, serviceBase } from '../http/service-base.ts';
import { createEmbeddedDocumentStore } from '../store/embedded-documents.ts';
import { observeDocumentStore } from '../store/observed.ts';
import { waitFor } from '../testing/poll.ts';
import { createTelemetry } from './telemetry.ts';
import type { Tracing } from './tracing.ts';

/** A Tracing that keeps its spans in memory: name, kind, parent and whether it ended as failed. */
function recordingTracing() {
  const spans: { name: string; kind: string; context: TraceContext; parent?: TraceContext; failed?: boolean; ended: boolean }[] = [];
  let n = 0;
  const tracing: Tracing = {
    startSpan(name, kind, parent) {
      const context = { traceId: parent?.traceId ?? 'f'.repeat(32), spanId: (++n).toString(16).padStart(16, '0'), sampled: true };
      const span = { name, kind, context, parent, ended: false } as (typeof spans)[number];
      spans.push(span);
      return {
        context,
        rename: (to) => {
          span.name = to;
        },
        end: (failed) => {
          span.failed = failed ?? false;
          span.ended = true;
        },
      };
    },
    flush: async () => {},
    shutdown: async () => {},
  };
  return { tracing, spans };
}

describe('telemetry with traces on', () => {
  it("makes a server span per request (named by route, child of the caller's), a client span per call and a span per store operation", async () => {
    const { tracing, spans } = recordingTracing();
    const telemetry = createTelemetry({ service: 'demo', tracing });
    const seen: (string | null)[] = [];
    const peer = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: (req) => {
        seen.push(req.headers.get('traceparent'));
        return Response.json({ success: true, data: null });
      },
    });
    try {
      const client = createServiceClient({ service: 'peer', baseUrl: `http://127.0.0.1:${peer.port}`, timeoutMs: 1000, logger: silentLogger, telemetry });
      const store = observeDocumentStore(createEmbeddedDocumentStore(), telemetry);
      const app = new Elysia(SERVICE_APP_CONFIG)
        .use(serviceBase({ service: 'demo', logger: silentLogger, errorStatus: {}, telemetry }))
        .post('/things/:id', async ({ params }) => {
          await store.collection('things').insertOne({ _id: params.id });
          await client.call('/x', { schema: t.Null() });
          return { ok: true };
        });
      const caller = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
      await app.handle(new Request('http://localhost/things/t1', { method: 'POST', headers: { traceparent: caller } }));
      await waitFor('the server span ended', () => spans.some((s) => s.kind === 'server' && s.ended));
      const server = spans.find((s) => s.kind === 'server');
      expect([server?.name, server?.parent?.spanId, server?.context.traceId]).toEqual([
        'POST /things/:id',
        'b7ad6b7169203331',
        '0af7651916cd43dd8448eb211c80319c',
      ]);
      const insert = spans.find((s) => s.name === 'insertOne things');
      const call = spans.find((s) => s.name === 'GET peer');
      expect([insert?.parent?.spanId, call?.parent?.spanId, call?.failed]).toEqual([server?.context.spanId, server?.context.spanId, false]);
      // The peer got the call span's context, so its server span is that span's child.
      expect(parseTraceparent(seen[0])?.spanId).toBe(call?.context.spanId);
    } finally {
      await peer.stop(true);
    }
  });

  it('makes no span for a call or store operation outside a request (background polling stays out of traces)', async () => {
    const { tracing, spans } = recordingTracing();
    const telemetry = createTelemetry({ service: 'demo', tracing });
    const store = observeDocumentStore(createEmbeddedDocumentStore(), telemetry);
    await store.collection('things').findOne({ _id: 'x' });
    expect(spans).toEqual([]);
  });
});

describe('startTelemetry', () => {
  /** The OpenTelemetry SDK packages a fresh process has loaded after startTelemetry with `settings`. */
  async function sdkLoadedWith(settings: Record<string, string>): Promise<string[]> {
    const start = join(import.meta.dir, 'start.ts');
    const script = `const { startTelemetry } = await import(${JSON.stringify(start)});
const t = await startTelemetry({ service: 'x', settings: ${JSON.stringify(settings)}, logger: { debug() {}, info() {}, warn() {}, error() {} } });
await t.stop();
console.log(JSON.stringify(Object.keys(require.cache).filter((k) => k.includes('@opentelemetry/sdk-trace') || k.includes('exporter-trace-otlp'))));`;
    const child = Bun.spawn([process.execPath, '-e', script], { stdout: 'pipe', stderr: 'pipe' });
    const [out, code] = await Promise.all([new Response(child.stdout).text(), child.exited]);
    if (code !== 0) throw new Error(await new Response(child.stderr).text());
    return JSON.parse(out) as string[];
  }

  it('never loads the tracing SDK without an OTLP endpoint, and loads it with one', async () => {
    expect(await sdkLoadedWith({})).toEqual([]);
    expect((await sdkLoadedWith({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' })).length).toBeGreaterThan(0);
  });
});
