import { type Clock, DomainError, type Logger } from '@tm/shared';
import type { KeyValueStore } from '@tm/shared/store';
import { secondsLeft, sha256Hex } from '../kv-limits.ts';
import type { LinkMails } from '../mail/link-mails.ts';
import type { SessionRepository } from '../sessions/session-repository.ts';
import { checkPasswordPolicy, type PasswordHasher } from './passwords.ts';
import type { ResetTokenRepository } from './reset-token-repository.ts';
import type { StaffLogin } from './staff-login.ts';
import type { StaffRepository } from './staff-repository.ts';

/** One reset request per address per minute (a link lives 30 min: LINK_TTL_MS.reset). */
export const RESET_POLICY = { cooldownMs: 60_000 } as const;

export interface PasswordResetDeps {
  staff: StaffRepository;
  resetTokens: ResetTokenRepository;
  sessions: SessionRepository;
  staffLogin: StaffLogin;
  keyValue: KeyValueStore;
  passwords: PasswordHasher;
  linkMails: LinkMails;
  clock: Clock;
  logger: Logger;
}

const badToken = () => new DomainError('INVALID_RESET_TOKEN', 'The reset link is invalid, used or expired; request a new one');

/** Forgot-password and reset-password for staff accounts. */
export function createPasswordReset(deps: PasswordResetDeps) {
  const { clock } = deps;

  /**
   * Revokes the account's sessions (but `keep`), runs the credentials update, and revokes again
   * (sessions opened in between). Revoking first means a failure half way errs on the safe side:
   * sessions ended, password unchanged, and the caller sees the error and may retry.
   */
  async function revokeAround(accountId: string, keep: string | undefined, change: (now: Date) => Promise<unknown>): Promise<number> {
    const first = await deps.sessions.revokeAllFor(accountId, new Date(clock.now()), keep);
    await change(new Date(clock.now()));
    return first + (await deps.sessions.revokeAllFor(accountId, new Date(clock.now()), keep));
  }

  return {
    /**
     * Answers the same for every address: the cooldown applies to unknown addresses too, and
     * the request only stores the mail (the outbox); the lookup and the link happen at its
     * delivery, after the answer, so a caller learns nothing from its timing.
     */
    async requestReset(rawEmail: string): Promise<void> {
      const email = rawEmail.trim().toLowerCase();
      const cooldownKey = `reset:cooldown:${sha256Hex(email)}`;
      if (!(await deps.keyValue.set(cooldownKey, '1', { px: RESET_POLICY.cooldownMs, nx: true }))) {
        const wait = await secondsLeft(deps.keyValue, cooldownKey, RESET_POLICY.cooldownMs);
        throw new DomainError('RESET_COOLDOWN', `Wait ${wait} s before requesting another link`, wait);
      }
      await deps.linkMails.requestReset(email);
    },

    /**
     * A signed-in staff member's own change: the current password is checked like a login (lockout
     * included). Every other session ends; `keepSessionId` is left for the caller to renew. The
     * password and the credentials version change in one update (which kills every session at
     * auth at once); the revocations around it feed the gateway (see revokeAround).
     */
    async changePassword(staffId: string, currentPassword: string, newPassword: string, keepSessionId: string): Promise<void> {
      const account = await deps.staff.findById(staffId);
      if (!account) throw new DomainError('UNAUTHORIZED', 'A valid access token is required');
      await deps.staffLogin.login(account.email, currentPassword);
      checkPasswordPolicy(newPassword);
      const hash = await deps.passwords.hash(newPassword);
      const revoked = await revokeAround(account._id, keepSessionId, (now) => deps.staff.setPasswordHash(account._id, hash, now));
      deps.logger.info('staff password changed', { accountId: account._id, sessionsRevoked: revoked });
    },

    /** Sets the new password from a live token, once, and revokes every session of the account. */
    async resetPassword(token: string, newPassword: string): Promise<void> {
      checkPasswordPolicy(newPassword);
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw badToken();
      const now = new Date(clock.now());
      const used = await deps.resetTokens.consume(sha256Hex(token), now);
      if (!used) throw badToken();
      const account = await deps.staff.findById(used.staffId);
      if (!account) throw badToken();
      const hash = await deps.passwords.hash(newPassword);
      const revoked = await revokeAround(account._id, undefined, (at) => deps.staff.setPasswordHash(account._id, hash, at));
      deps.logger.info('staff password reset', { accountId: account._id, sessionsRevoked: revoked });
      await deps.staffLogin.clearFailures(account.email);
      if (account.mobile) await deps.staffLogin.clearFailures(account.mobile);
    },
  };
}

export type PasswordReset = ReturnType<typeof createPasswordReset>;
