import { type CreateStaffRequest, isE164, type Role, type StaffAccount } from '@tm/contracts';
import { type Clock, DomainError, type Logger, newId } from '@tm/shared';
import { isDuplicateKeyError } from '@tm/shared/store';
import type { LinkMails } from '../mail/link-mails.ts';
import type { TalentProfiles } from '../peers/talent-profiles.ts';
import type { SessionRepository } from '../sessions/session-repository.ts';
import type { StaffDoc, StaffRepository } from './staff-repository.ts';

/** Roles an admin may give a new staff account. */
export const STAFF_ACCOUNT_ROLES = ['pm', 'resource', 'admin'] as const;
type StaffRole = (typeof STAFF_ACCOUNT_ROLES)[number];

/** A staff account as admins see it (never its password hash): the contract's StaffAccount, its role typed. */
export type StaffView = StaffAccount & { role: Role };

export function viewStaff(doc: StaffDoc): StaffView {
  return {
    id: doc._id,
    email: doc.email,
    role: doc.role,
    ...(doc.mobile ? { mobile: doc.mobile } : {}),
    ...(doc.profileId ? { profileId: doc.profileId } : {}),
    ...(doc.name ? { name: doc.name } : {}),
    status: doc.deactivatedAt ? 'deactivated' : doc.passwordHash ? 'active' : 'invited',
    createdAt: doc.createdAt.toISOString(),
  };
}

export type NewStaffAccount = CreateStaffRequest;

export interface StaffAccountsDeps {
  staff: StaffRepository;
  sessions: SessionRepository;
  talent: TalentProfiles;
  linkMails: LinkMails;
  clock: Clock;
  logger: Logger;
}

/** Staff administration (admins only; the routes check the role): invite, list, deactivate. */
export function createStaffAccounts(deps: StaffAccountsDeps) {
  const { clock } = deps;

  /** The rules of a new account, in the order a form would show them; the talent lookup last (it costs a call). */
  async function checked(input: NewStaffAccount): Promise<{ email: string; role: StaffRole; mobile?: string; profileId?: string; name?: string }> {
    if (!(STAFF_ACCOUNT_ROLES as readonly string[]).includes(input.role)) {
      throw new DomainError('INVALID_ROLE', `role must be one of ${STAFF_ACCOUNT_ROLES.join(', ')}`);
    }
    const role = input.role as StaffRole;
    const email = input.email.trim().toLowerCase();
    if (input.mobile !== undefined && !isE164(input.mobile)) throw new DomainError('INVALID_MOBILE', 'mobile must be an E.164 number');
    if (role === 'admin' && input.profileId !== undefined) throw new DomainError('PROFILE_NOT_ALLOWED', 'Admin accounts have no talent profile');
    if (role !== 'admin' && input.profileId === undefined) throw new DomainError('PROFILE_REQUIRED', `A ${role} account needs its talent profileId`);
    if (await deps.staff.findByEmail(email)) throw new DomainError('EMAIL_TAKEN', 'A staff account has this email already');
    let profileId: string | undefined;
    if (role !== 'admin' && input.profileId !== undefined) {
      profileId = (await deps.talent.find(role, input.profileId)) ?? undefined;
      if (!profileId) throw new DomainError('UNKNOWN_PROFILE', `No active ${role} profile has this id`);
    }
    return { email, role, ...(input.mobile ? { mobile: input.mobile } : {}), ...(profileId ? { profileId } : {}), ...(input.name ? { name: input.name } : {}) };
  }

  /** Which unique index a duplicate-key error came from, as the caller's error. */
  async function duplicateOf(doc: StaffDoc): Promise<DomainError> {
    if (await deps.staff.findByEmail(doc.email)) return new DomainError('EMAIL_TAKEN', 'A staff account has this email already');
    if (doc.mobile && (await deps.staff.findByMobile(doc.mobile))) return new DomainError('MOBILE_TAKEN', 'A staff account has this mobile already');
    return new DomainError('PROFILE_ALREADY_LINKED', 'Another staff account is linked to this profile');
  }

  return {
    /**
     * Creates the account without a password, its invitation stored with it (the outbox) and
     * mailed at once; `invited` false when that first attempt failed (the worker retries it).
     */
    async create(input: NewStaffAccount, adminId: string): Promise<{ account: StaffView; invited: boolean }> {
      const fields = await checked(input);
      const now = new Date(clock.now());
      const doc: StaffDoc = { _id: newId(), ...fields, passwordHash: '', credentialsVersion: 0, invitedBy: adminId, createdAt: now, updatedAt: now };
      let invited: boolean;
      try {
        invited = await deps.linkMails.withInvitation(doc, () => deps.staff.insert(doc));
      } catch (err) {
        if (isDuplicateKeyError(err)) throw await duplicateOf(doc);
        throw err;
      }
      deps.logger.info('staff account invited', { accountId: doc._id, role: doc.role, by: adminId, mailed: invited });
      return { account: viewStaff(doc), invited };
    },

    async list(filter: { role?: Role; page: number; limit: number }): Promise<{ items: StaffView[]; total: number }> {
      const [docs, total] = await Promise.all([
        deps.staff.list({ role: filter.role }, filter.limit, (filter.page - 1) * filter.limit),
        deps.staff.count({ role: filter.role }),
      ]);
      return { items: docs.map(viewStaff), total };
    },

    /**
     * Deactivates once: sign-in and refresh are refused from the same update (credentials version),
     * then every session is revoked so the gateways refuse its access tokens within seconds.
     */
    async deactivate(id: string, adminId: string): Promise<StaffView> {
      if (id === adminId) throw new DomainError('CANNOT_DEACTIVATE_SELF', 'An admin cannot deactivate their own account');
      const doc = await deps.staff.deactivate(id, new Date(clock.now()));
      if (!doc) throw new DomainError('STAFF_NOT_FOUND', 'No staff account has this id');
      const revoked = await deps.sessions.revokeAllFor(id, new Date(clock.now()));
      deps.logger.info('staff account deactivated', { accountId: id, by: adminId, sessionsRevoked: revoked });
      return viewStaff(doc);
    },
  };
}

export type StaffAccounts = ReturnType<typeof createStaffAccounts>;
