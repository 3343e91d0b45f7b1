import { type AccountErasure, AccountErasureRequestSchema, AccountErasureSchema, type AccountExportPart, AccountExportPartSchema } from '@tm/contracts';
import { type Clock, ok } from '@tm/shared';
import { envelopeOf } from '@tm/shared/http';
import { Elysia, t } from 'elysia';
import type { LegalRepository } from '../legal/repository.ts';

const UserParams = t.Object({ userId: t.String({ minLength: 1, maxLength: 100 }) });

/**
 * Auth's data-rights calls (packages/contracts/src/account.ts; not routed by the gateway). The
 * person's data here is their legal acceptances: exported whole; on erasure the IP and user agent
 * go and the rest stays as evidence of what was accepted when (`kept` counts them).
 */
export function createAccountDataRoutes(deps: { legal: LegalRepository; clock: Clock }) {
  return new Elysia({ name: 'content-account-data' })
    .get(
      '/internal/accounts/:userId/export',
      async ({ params }): Promise<{ success: true; data: AccountExportPart }> => {
        const acceptances = (await deps.legal.acceptancesOf(params.userId)).map(({ _id, userId: _user, ...rest }) => ({ id: _id, ...rest }));
        return ok({ service: 'content', data: { legalAcceptances: acceptances } });
      },
      { params: UserParams, response: { 200: envelopeOf(AccountExportPartSchema) } },
    )
    .post(
      '/internal/accounts/:userId/erase',
      async ({ params }): Promise<{ success: true; data: AccountErasure }> => {
        const kept = await deps.legal.eraseRequestFacts(params.userId, new Date(deps.clock.now()).toISOString());
        return ok({ service: 'content', erased: true as const, kept });
      },
      { params: UserParams, body: AccountErasureRequestSchema, response: { 200: envelopeOf(AccountErasureSchema) } },
    );
}
