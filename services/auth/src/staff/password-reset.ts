import { type Clock, DomainError, type Logger } from '@tm/shared';
import type { KeyValueStore } from '@tm/shared/store';
import { secondsLeft, sha256Hex } from '../kv-limits.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { SessionRepository } from '../sessions/session-repository.ts';
import { checkPasswordPolicy, type PasswordHasher } from './passwords.ts';
import { resetMail } from './reset-mail.ts';
import type { ResetTokenRepository } from './reset-token-repository.ts';
import type { StaffLogin } from './staff-login.ts';
import type { StaffRepository } from './staff-repository.ts';

/** Reset links live 30 min; one request per address per minute. */
export const RESET_POLICY = { ttlMs: 30 * 60_000, cooldownMs: 60_000 } as const;

export interface PasswordResetDeps {
  staff: StaffRepository;
  resetTokens: ResetTokenRepository;
  sessions: SessionRepository;
  staffLogin: StaffLogin;
  keyValue: KeyValueStore;
  passwords: PasswordHasher;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  resetUrlBase: string;
}

const badToken = () => new DomainError('INVALID_RESET_TOKEN', 'The reset link is invalid, used or expired; request a new one');

/** Forgot-password and reset-password for staff accounts. */
export function createPasswordReset(deps: PasswordResetDeps) {
  const { clock } = deps;

  /** Looks the address up and mails a link; runs off the response path so timing says nothing. */
  async function mailLink(email: string): Promise<void> {
    const account = await deps.staff.findByEmail(email);
    if (!account) return;
    const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
    const now = new Date(clock.now());
    await deps.resetTokens.replaceFor({
      _id: sha256Hex(token),
      staffId: account._id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_POLICY.ttlMs),
      usedAt: null,
    });
    const url = new URL(deps.resetUrlBase);
    url.searchParams.set('token', token);
    await deps.mailer.send({ to: account.email, ...resetMail(url.toString()) });
  }

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
     * the lookup and mail happen after the answer, so a caller learns nothing from its timing.
     */
    async requestReset(rawEmail: string): Promise<void> {
      const email = rawEmail.trim().toLowerCase();
      const cooldownKey = `reset:cooldown:${sha256Hex(email)}`;
      if (!(await deps.keyValue.set(cooldownKey, '1', { px: RESET_POLICY.cooldownMs, nx: true }))) {
        const wait = await secondsLeft(deps.keyValue, cooldownKey, RESET_POLICY.cooldownMs);
        throw new DomainError('RESET_COOLDOWN', `Wait ${wait} s before requesting another link`, wait);
      }
      void mailLink(email).catch((err: unknown) => deps.logger.error('reset mail failed', { error: String(err) }));
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
