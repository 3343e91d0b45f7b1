import { LANGUAGES } from '@tm/contracts';
import { type Clock, DomainError, type Logger, newId } from '@tm/shared';
import type { KeyValueStore } from '@tm/shared/store';
import { isDuplicateKeyError } from '@tm/shared/store';
import type { CustomerRepository } from '../customers/customer-repository.ts';
import { countHit, secondsLeft, sha256Hex } from '../kv-limits.ts';
import { LINK_TTL_MS, type LinkMails } from '../mail/link-mails.ts';
import type { SessionDoc } from '../sessions/session-repository.ts';
import type { StaffRepository } from '../staff/staff-repository.ts';
import type { EmailChangeRepository } from './email-change-repository.ts';

export interface ProfilePatch {
  name?: string;
  email?: string;
  locale?: string;
}

export interface ProfileUpdateDeps {
  customers: CustomerRepository;
  staff: StaffRepository;
  emailChanges: EmailChangeRepository;
  linkMails: LinkMails;
  keyValue: KeyValueStore;
  clock: Clock;
  logger: Logger;
}

/**
 * Email changes an account may start per hour. Each one mails the address given (a link, or, for an
 * address another account holds, a notice), so without a cap a signed-in caller could flood any
 * mailbox through us.
 */
export const EMAIL_CHANGE_POLICY = { perAccountPerWindow: 5, windowMs: 60 * 60_000 } as const;

const badToken = () => new DomainError('INVALID_EMAIL_TOKEN', 'The confirmation link is invalid, used or expired; change the email again');
const taken = () => new DomainError('EMAIL_TAKEN', 'Another account uses this email');

/**
 * `PATCH /account/me` and the email confirmation. Name and locale apply at once; a new email is
 * only stored as pending and mailed a single-use link, and replaces the old one when its owner
 * follows it (so nobody can claim an address they cannot read). Emails are compared in their
 * normalised form (trimmed, lower case), the form the unique indexes hold.
 */
export function createProfileUpdate(deps: ProfileUpdateDeps) {
  const { clock } = deps;
  const repoOf = (kind: SessionDoc['subjectKind']) => (kind === 'staff' ? deps.staff : deps.customers);

  return {
    /** Applies name and locale, starts an email change; answers the address now pending, if any. */
    async update(session: SessionDoc, patch: ProfilePatch): Promise<{ pendingEmail?: string }> {
      if (session.subjectKind === 'guest') throw new DomainError('FORBIDDEN', 'Guests have no profile; sign in first');
      const kind = session.subjectKind;
      if (patch.locale !== undefined && !(LANGUAGES as readonly string[]).includes(patch.locale)) {
        throw new DomainError('INVALID_LOCALE', `locale must be one of ${LANGUAGES.join(', ')}`);
      }
      const name = patch.name?.trim();
      if (patch.name !== undefined && !name) throw new DomainError('VALIDATION_FAILED', 'name must not be blank');
      const email = patch.email?.trim().toLowerCase();
      const repo = repoOf(kind);
      const current = await repo.findById(session.subjectId);
      if (!current) throw new DomainError('UNAUTHORIZED', 'A valid access token is required');
      let pendingEmail: string | undefined;
      // An address another account holds is answered as any other (no address oracle for a
      // signed-in caller): its mail tells the owner instead of confirming, and a link could not
      // take it anyway (the unique index decides at confirmation).
      if (email !== undefined && email !== current.email) pendingEmail = email;
      if (pendingEmail) {
        const key = `email-change:${current._id}`;
        if ((await countHit(deps.keyValue, key, EMAIL_CHANGE_POLICY.windowMs)) > EMAIL_CHANGE_POLICY.perAccountPerWindow) {
          const wait = await secondsLeft(deps.keyValue, key, EMAIL_CHANGE_POLICY.windowMs);
          throw new DomainError('EMAIL_CHANGE_LIMIT', 'Too many email changes; try again later', wait);
        }
      }
      const now = new Date(clock.now());
      const set = { ...(name ? { name } : {}), ...(patch.locale ? { locale: patch.locale } : {}) };
      if (Object.keys(set).length > 0) await repo.update(current._id, set, now);
      if (pendingEmail) await mailConfirmation(current._id, kind, pendingEmail, now);
      return pendingEmail ? { pendingEmail } : {};
    },

    /** Follows a confirmation link once: the pending address becomes the account's email. */
    async confirmEmail(token: string): Promise<void> {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw badToken();
      const change = await deps.emailChanges.consume(sha256Hex(token), new Date(clock.now()));
      if (!change) throw badToken();
      const repo = repoOf(change.subjectKind);
      if (!(await repo.findById(change.subjectId))) throw badToken();
      try {
        await repo.update(change.subjectId, { email: change.email }, new Date(clock.now()));
      } catch (err) {
        // Another account confirmed the same address first: the unique index decides.
        if (isDuplicateKeyError(err)) throw taken();
        throw err;
      }
      deps.logger.info('account email changed', { accountId: change.subjectId });
    },

    pendingEmailOf: async (subjectId: string) => (await deps.emailChanges.pendingFor(subjectId, new Date(clock.now())))?.email,
  };

  /**
   * Stores the pending change (in place of an older one, whose link stops working) with its
   * confirmation mail (the outbox), mailed at once or else by the worker: the link's token is
   * minted when the mail goes (docs/auth.md "Link mails").
   */
  async function mailConfirmation(subjectId: string, subjectKind: 'customer' | 'staff', email: string, now: Date): Promise<void> {
    const changeId = newId();
    await deps.linkMails.withEmailConfirmation(changeId, () =>
      deps.emailChanges.replaceFor({
        _id: changeId,
        subjectId,
        subjectKind,
        email,
        tokenHash: null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + LINK_TTL_MS.emailConfirm),
        usedAt: null,
      }),
    );
  }
}

export type ProfileUpdate = ReturnType<typeof createProfileUpdate>;
