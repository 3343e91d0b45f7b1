import { type AccountErasure, AccountErasureRequestSchema, AccountErasureSchema, type AccountExportPart, AccountExportPartSchema } from '@tm/contracts';
import { ok } from '@tm/shared';
import { envelopeOf } from '@tm/shared/http';
import { Elysia, t } from 'elysia';
import type { Chat } from '../chat/chat.ts';
import { toMessage } from '../chat/model.ts';
import type { ChatRepository } from '../chat/repository.ts';

const UserParams = t.Object({ userId: t.String({ minLength: 1, maxLength: 100 }) });

/**
 * Auth's data-rights calls (packages/contracts/src/account.ts; not routed by the gateway): the
 * person's messages (as they wrote them) as this service's part of the export, and erasure:
 * every message of theirs becomes a tombstone (a change of its own, so streams and replays see
 * it) and their name is dropped; the other party keeps the conversation. Idempotent.
 */
export function createAccountDataRoutes(deps: { repo: ChatRepository; chat: Chat }) {
  return new Elysia({ name: 'messaging-account-data' })
    .get(
      '/internal/accounts/:userId/export',
      async ({ params }): Promise<{ success: true; data: AccountExportPart }> => {
        const docs = await deps.repo.messages.find({ senderId: params.userId }, { sort: { createdAt: 1 } }).toArray();
        return ok({ service: 'messaging', data: { messages: docs.map((d) => toMessage(d, 'admin')) } });
      },
      { params: UserParams, response: { 200: envelopeOf(AccountExportPartSchema) } },
    )
    .post(
      '/internal/accounts/:userId/erase',
      async ({ params }): Promise<{ success: true; data: AccountErasure }> => {
        const live = await deps.repo.messages.find({ senderId: params.userId, deleted: false }).toArray();
        for (const m of live) await deps.chat.tombstone(m.conversationId, m._id, true);
        // Messages deleted earlier lose the name too.
        await deps.repo.messages.updateMany({ senderId: params.userId }, { $unset: { 'sender.name': '', original: '' } });
        return ok({ service: 'messaging', erased: true as const, kept: 0 });
      },
      { params: UserParams, body: AccountErasureRequestSchema, response: { 200: envelopeOf(AccountErasureSchema) } },
    );
}
