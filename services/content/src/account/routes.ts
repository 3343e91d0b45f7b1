import { type AccountErasure, AccountErasureRequestSchema, AccountErasureSchema, type AccountExportPart, AccountExportPartSchema } from '@tm/contracts';
import { ok } from '@tm/shared';
import { envelopeOf } from '@tm/shared/http';
import { Elysia, t } from 'elysia';

const UserParams = t.Object({ userId: t.String({ minLength: 1, maxLength: 100 }) });

/**
 * Auth's data-rights calls (packages/contracts/src/account.ts; not routed by the gateway): the
 * person's data this service holds, by collection, and its erasure. The service holds nothing
 * personal yet, so the export is empty and the erasure keeps nothing; each collection that
 * stores a person's data adds itself here.
 */
export function createAccountDataRoutes() {
  return new Elysia({ name: 'content-account-data' })
    .get('/internal/accounts/:userId/export', (): { success: true; data: AccountExportPart } => ok({ service: 'content', data: {} }), {
      params: UserParams,
      response: { 200: envelopeOf(AccountExportPartSchema) },
    })
    .post('/internal/accounts/:userId/erase', (): { success: true; data: AccountErasure } => ok({ service: 'content', erased: true as const, kept: 0 }), {
      params: UserParams,
      body: AccountErasureRequestSchema,
      response: { 200: envelopeOf(AccountErasureSchema) },
    });
}
