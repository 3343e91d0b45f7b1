import { describe, expect, it } from 'bun:test';
import { decorateOperation } from './decorate-operation.ts';
import { buildServedOpenApi } from './testing/served-document.ts';

describe('operations that answer as an event stream', () => {
  it("add the events' schema as the 200 answer's text/event-stream content, and drop the extension", () => {
    const op = {
      operationId: 'postX',
      'x-event-stream': { $ref: '#/components/schemas/ChatbotStreamEvent' },
      responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
    };
    const out = decorateOperation('/x', 'post', op) as { responses: Record<string, { content: Record<string, unknown> }> };
    expect(Object.keys(out.responses['200']?.content ?? {})).toEqual(['application/json', 'text/event-stream']);
    expect(out.responses['200']?.content['text/event-stream']).toEqual({ schema: { $ref: '#/components/schemas/ChatbotStreamEvent' } });
    expect('x-event-stream' in out).toBe(false);
  });

  it("describe the chatbot's answer stream with named schemas in the served document", async () => {
    const doc = (await buildServedOpenApi()) as any;
    const ok = doc.paths['/chatbot/sessions/{id}/messages'].post.responses['200'];
    expect(ok.content['text/event-stream'].schema).toEqual({ $ref: '#/components/schemas/ChatbotStreamEvent' });
    expect(ok.content['application/json'].schema.properties.data).toEqual({ $ref: '#/components/schemas/ChatbotAnswer' });
    const events = doc.components.schemas.ChatbotStreamEvent;
    expect(JSON.stringify(events)).toContain('#/components/schemas/ChatbotMetaEvent');
  });

  it("describe the chat's stream as text/event-stream only, its events a named schema, in the served document", async () => {
    const doc = (await buildServedOpenApi()) as any;
    const op = doc.paths['/chat/{bookingId}/stream'].get;
    expect(Object.keys(op.responses['200'].content)).toEqual(['text/event-stream']);
    expect(op.responses['200'].content['text/event-stream'].schema).toEqual({ $ref: '#/components/schemas/ChatStreamEvent' });
    expect('x-event-stream-only' in op).toBe(false);
    expect(JSON.stringify(doc.components.schemas.ChatStreamEvent)).toContain('#/components/schemas/ChatMessage');
    expect(doc.paths['/chat/{bookingId}/messages'].post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/SendChatMessageBody',
    });
  });
});
