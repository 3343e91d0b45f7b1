import type { AccountExportPart } from '@tm/contracts';
import { DomainError } from '@tm/shared';
import type { CustomerRepository } from '../customers/customer-repository.ts';
import type { AccountPeer } from '../peers/account-peers.ts';
import type { SessionRepository } from '../sessions/session-repository.ts';
import type { Principal } from '../sessions/session-service.ts';
import type { StaffRepository } from '../staff/staff-repository.ts';
import type { EmailChangeRepository } from './email-change-repository.ts';

/** The document `GET /account/export` answers: everything every service holds about the caller. */
export interface AccountExport {
  exportedAt: string;
  auth: {
    account: Record<string, unknown>;
    identities: { issuer: string; subject: string; linkedAt: string }[];
    sessions: { id: string; createdAt: string; lastUsedAt: string | null; expiresAt: string; revokedAt: string | null; userAgent: string | null }[];
    pendingEmail: string | null;
  };
  services: AccountExportPart[];
}

export interface ExportDeps {
  customers: CustomerRepository;
  staff: StaffRepository;
  sessions: SessionRepository;
  emailChanges: EmailChangeRepository;
  peers: readonly AccountPeer[];
}

/**
 * Gathers auth's own records and each service's part (over HTTP, at once). All or nothing: a
 * service that cannot answer makes the export 503, never a document silently missing its part.
 * Secrets (password hashes, refresh token ids) are not personal data the person gave and stay out.
 */
export async function exportAccount(deps: ExportDeps, principal: Principal, now: Date): Promise<AccountExport> {
  const { session, claims } = principal;
  if (session.subjectKind === 'guest') throw new DomainError('FORBIDDEN', 'Guests have no account to export; sign in first');
  const userId = claims.sub;
  const [account, identities, sessions, pending, services] = await Promise.all([
    session.subjectKind === 'staff' ? staffAccount(deps, userId) : customerAccount(deps, userId),
    session.subjectKind === 'customer' ? deps.customers.identitiesOf(userId) : Promise.resolve([]),
    deps.sessions.listAll(userId),
    deps.emailChanges.pendingFor(userId, now),
    Promise.all(deps.peers.map((p) => p.export(userId))),
  ]);
  return {
    exportedAt: now.toISOString(),
    auth: {
      account,
      identities: identities.map((i) => ({ issuer: i.iss, subject: i.sub, linkedAt: i.createdAt.toISOString() })),
      sessions: sessions.map((s) => ({
        id: s._id,
        createdAt: s.createdAt.toISOString(),
        lastUsedAt: s.lastUsedAt?.toISOString() ?? null,
        expiresAt: s.expiresAt.toISOString(),
        revokedAt: s.revokedAt?.toISOString() ?? null,
        userAgent: s.userAgent ?? null,
      })),
      pendingEmail: pending?.email ?? null,
    },
    services,
  };
}

async function customerAccount(deps: ExportDeps, id: string): Promise<Record<string, unknown>> {
  const c = await deps.customers.findById(id);
  if (!c) throw new DomainError('UNAUTHORIZED', 'A valid access token is required');
  const { _id, credentialsVersion: _v, deletionPendingAt: _d, ...rest } = c;
  return { id: _id, kind: 'customer', ...dates(rest) };
}

async function staffAccount(deps: ExportDeps, id: string): Promise<Record<string, unknown>> {
  const a = await deps.staff.findById(id);
  if (!a) throw new DomainError('UNAUTHORIZED', 'A valid access token is required');
  const { _id, passwordHash: _h, credentialsVersion: _v, ...rest } = a;
  return { id: _id, kind: 'staff', ...dates(rest) };
}

/** Dates as ISO strings, the way the JSON document carries them. */
function dates(doc: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(doc).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
}
