import { describe, expect, it } from 'bun:test';
import {
  ChatConversationSchema,
  ChatMessageSchema,
  ChatReadBodySchema,
  ChatReadStateSchema,
  ChatStreamEventSchema,
  ChatStreamTicketBodySchema,
  ChatStreamTicketSchema,
  EditChatMessageBodySchema,
  SendChatMessageBodySchema,
} from '@tm/contracts';
import { declaredSchemas, envelopeData, itemsOf } from '@tm/shared/testing';
import { createMessagingUnderTest } from './testing.ts';

const { app } = await createMessagingUnderTest();

describe('messaging answers and accepts the contract', () => {
  it('declares the chat shapes of packages/contracts/src/chat.ts on every operation', () => {
    expect(itemsOf(envelopeData(declaredSchemas(app, 'GET', '/chat/conversations').response[200]))).toBe(ChatConversationSchema);
    expect(itemsOf(envelopeData(declaredSchemas(app, 'GET', '/chat/:bookingId/messages').response[200]))).toBe(ChatMessageSchema);
    expect(declaredSchemas(app, 'POST', '/chat/:bookingId/messages').body).toBe(SendChatMessageBodySchema);
    expect(envelopeData(declaredSchemas(app, 'POST', '/chat/:bookingId/messages').response[201])).toBe(ChatMessageSchema);
    expect(envelopeData(declaredSchemas(app, 'POST', '/chat/:bookingId/messages').response[200])).toBe(ChatMessageSchema);
    expect(declaredSchemas(app, 'PATCH', '/chat/:bookingId/messages/:messageId').body).toBe(EditChatMessageBodySchema);
    expect(envelopeData(declaredSchemas(app, 'PATCH', '/chat/:bookingId/messages/:messageId').response[200])).toBe(ChatMessageSchema);
    expect(envelopeData(declaredSchemas(app, 'DELETE', '/chat/:bookingId/messages/:messageId').response[200])).toBe(ChatMessageSchema);
    expect(declaredSchemas(app, 'POST', '/chat/:bookingId/read').body).toBe(ChatReadBodySchema);
    expect(envelopeData(declaredSchemas(app, 'POST', '/chat/:bookingId/read').response[200])).toBe(ChatReadStateSchema);
    expect(declaredSchemas(app, 'POST', '/chat/stream-tickets').body).toBe(ChatStreamTicketBodySchema);
    expect(envelopeData(declaredSchemas(app, 'POST', '/chat/stream-tickets').response[201])).toBe(ChatStreamTicketSchema);
    expect(declaredSchemas(app, 'GET', '/chat/:bookingId/stream').response[200]).toBe(ChatStreamEventSchema);
  });
});
