import { CreateStaffBody, StaffListQuery } from '@tm/contracts';
import { ok } from '@tm/shared';
import { paginationHeaders } from '@tm/shared/http';
import { Elysia } from 'elysia';
import { resolvePrincipal } from '../account/principal.ts';
import { requireRole } from '../account/routes.ts';
import { errorResponses } from '../model.ts';
import type { AuthWiring } from '../wiring.ts';
import { CreatedStaffEnvelope, StaffAccountEnvelope, StaffIdParams, StaffListEnvelope } from './staff-admin-model.ts';

const ADMIN = ['admin'] as const;
const ADMIN_ONLY = 'Admins only: 403 FORBIDDEN for every other role (the gateway refuses them too).';

/** Staff administration for admins (issue 11): invite, list and deactivate staff accounts. */
export function staffAdminRoutes(s: AuthWiring) {
  return new Elysia({ name: 'auth:staff-admin' })
    .resolve(resolvePrincipal(s))
    .post(
      '/account/staff',
      async ({ principal, body, set }) => {
        requireRole(principal, ADMIN);
        const created = await s.staffAccounts.create(body, principal.claims.sub);
        set.status = 201;
        return ok(created);
      },
      {
        body: CreateStaffBody,
        parse: 'json',
        response: { 201: CreatedStaffEnvelope, ...errorResponses(400, 401, 403, 413, 429, 503) },
        detail: {
          operationId: 'createStaffAccount',
          summary: 'Invite a staff account (pm, resource, admin)',
          description: `${ADMIN_ONLY} Creates the account without a password and mails an invitation: a single-use link valid 72 h whose token sets the first password with POST /auth/reset-password. pm and resource accounts are linked to their talent profile (checked with talent; their tokens carry it as claim \`pid\`). 400 INVALID_ROLE, EMAIL_TAKEN, MOBILE_TAKEN, INVALID_MOBILE, PROFILE_REQUIRED, PROFILE_NOT_ALLOWED (admin with a profile), UNKNOWN_PROFILE (no active profile of that role), PROFILE_ALREADY_LINKED, VALIDATION_FAILED; 503 UPSTREAM_UNAVAILABLE when talent cannot be asked.`,
          tags: ['Account'],
          security: [{ bearerAuth: [] }],
        },
      },
    )
    .get(
      '/account/staff',
      async ({ principal, query, request, set }) => {
        requireRole(principal, ADMIN);
        const page = query.page ?? 1;
        const limit = query.limit ?? 20;
        const { items, total } = await s.staffAccounts.list({ role: query.role, page, limit });
        Object.assign(set.headers, paginationHeaders(new URL(request.url), page, limit, total));
        return ok(items);
      },
      {
        query: StaffListQuery,
        response: { 200: StaffListEnvelope, ...errorResponses(400, 401, 403, 429) },
        detail: {
          operationId: 'listStaffAccounts',
          summary: 'List staff accounts',
          description: `${ADMIN_ONLY} Newest first, \`page\`/\`limit\` (1-100, default 20), optional \`role\`; the total in X-Total-Count and RFC 8288 links (first, prev, next, last) in Link, as the other lists. Each with its status (invited, active, deactivated).`,
          tags: ['Account'],
          security: [{ bearerAuth: [] }],
        },
      },
    )
    .post(
      '/account/staff/:id/deactivate',
      async ({ principal, params }) => {
        requireRole(principal, ADMIN);
        return ok(await s.staffAccounts.deactivate(params.id, principal.claims.sub));
      },
      {
        params: StaffIdParams,
        response: { 200: StaffAccountEnvelope, ...errorResponses(400, 401, 403, 404, 429) },
        detail: {
          operationId: 'deactivateStaffAccount',
          summary: 'Deactivate a staff account',
          description: `${ADMIN_ONLY} Idempotent. Sign-in and refresh are refused from then on and every session of the account is revoked (refused by every gateway within 5 s). 404 STAFF_NOT_FOUND; 400 CANNOT_DEACTIVATE_SELF.`,
          tags: ['Account'],
          security: [{ bearerAuth: [] }],
        },
      },
    );
}
