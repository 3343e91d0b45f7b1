import { AccountDeletionSchema, AccountExportSchema } from '@tm/contracts';
import { ok } from '@tm/shared';
import { envelopeOf } from '@tm/shared/http';
import { Elysia } from 'elysia';
import { errorResponses } from '../model.ts';
import type { AuthWiring } from '../wiring.ts';
import { exportAccount } from './export.ts';
import { resolvePrincipal } from './principal.ts';

const ExportEnvelope = envelopeOf(AccountExportSchema, 'AccountExportEnvelope');
const DeletionEnvelope = envelopeOf(AccountDeletionSchema, 'AccountDeletionEnvelope');

/** GDPR / DPDP data rights: take everything (`GET /account/export`), or leave (`DELETE /account`). */
export function dataRightsRoutes(s: AuthWiring) {
  return new Elysia({ name: 'auth:data-rights' })
    .resolve(resolvePrincipal(s))
    .get(
      '/account/export',
      async ({ principal, set }) => {
        set.headers['content-disposition'] = 'attachment; filename="account-export.json"';
        return ok(await exportAccount({ ...s.repositories, peers: s.deps.accountPeers }, principal, s.now()));
      },
      {
        response: { 200: ExportEnvelope, ...errorResponses(401, 403, 429, 503) },
        detail: {
          operationId: 'exportAccount',
          summary: 'Everything held about the caller, as one JSON document',
          description:
            'Customers and staff (guests 403 FORBIDDEN). Auth’s part (profile, linked identities, every session, a pending email) and each other service’s (bookings: bookings and payments), gathered at once. 503 UPSTREAM_UNAVAILABLE when a service cannot answer: never a partial document.',
          tags: ['Account'],
          security: [{ bearerAuth: [] }],
        },
      },
    )
    .delete(
      '/account',
      async ({ principal, set }) => {
        const result = await s.accountDeletion.request(principal);
        if (result.status === 'pending') set.status = 202;
        return ok(result.status === 'pending' ? { status: 'pending' as const, pending: result.pending } : { status: 'deleted' as const });
      },
      {
        response: { 200: DeletionEnvelope, 202: DeletionEnvelope, ...errorResponses(401, 403, 409, 429) },
        detail: {
          operationId: 'deleteAccount',
          summary: 'Delete the caller’s account',
          description:
            'Customers only (staff accounts are deactivated by an admin; guests and staff 403 FORBIDDEN). Needs a sign-in within the last 10 minutes: else 403 REAUTHENTICATION_REQUIRED (sign in again, then retry). 409 ACCOUNT_HAS_ACTIVE_BOOKINGS while a booking is paid, confirmed or in progress (nothing changes). Otherwise every service erases the person (bookings and payments are kept for accounting without personal data), every session is revoked (refused by every gateway within 5 s) and auth removes the profile, identities and contact data: 200 `{status: "deleted"}`. When a service is away: 202 `{status: "pending", pending: [...]}`; the account is unusable from then on and the erasure is retried in the background until every service confirms.',
          tags: ['Account'],
          security: [{ bearerAuth: [] }],
        },
      },
    );
}
