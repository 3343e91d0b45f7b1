import { isE164 } from '@tm/contracts';
import { DomainError, type Logger } from '@tm/shared';
import type { KeyValueStore } from '@tm/shared/store';
import { countHit, secondsLeft, sha256Hex } from '../kv-limits.ts';
import type { PasswordHasher } from './passwords.ts';
import type { StaffDoc, StaffRepository } from './staff-repository.ts';

/** DESIGN.md: 5 failed logins per identifier in 15 min lock it for 15 min. */
export const LOGIN_POLICY = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 } as const;

/** The one key an identifier's counters live under: emails case-folded, hashed (no PII in keys). */
export function identifierKey(identifier: string): string {
  const id = identifier.trim();
  return sha256Hex(id.includes('@') ? id.toLowerCase() : id);
}

// One hash tag per identifier: its two keys sit in one Cluster slot, so clearing both is one DEL.
const failKeyOf = (key: string) => `login:{${key}}:fails`;
const lockKeyOf = (key: string) => `login:{${key}}:lock`;

const invalid = () => new DomainError('INVALID_CREDENTIALS', 'The identifier or password is wrong');

/**
 * Staff password login. An unknown identifier costs the same argon2id verification as a known
 * one and answers the same, and lockout counts unknown identifiers too, so nothing reveals
 * whether an account exists. Attempts are counted before the hash check, so a burst of
 * concurrent guesses cannot slip past the limit; only failures lock.
 */
export function createStaffLogin(deps: { staff: StaffRepository; keyValue: KeyValueStore; passwords: PasswordHasher; logger: Logger }) {
  const { keyValue: kv } = deps;
  // Hashed at start, so even the first unknown identifier costs exactly one verification.
  const dummyHash = deps.passwords.hash(crypto.randomUUID());
  const dummy = () => dummyHash;

  async function find(identifier: string): Promise<StaffDoc | null> {
    const id = identifier.trim();
    if (id.includes('@')) return deps.staff.findByEmail(id.toLowerCase());
    if (isE164(id)) return deps.staff.findByMobile(id);
    return null;
  }

  return {
    async login(identifier: string, password: string): Promise<StaffDoc> {
      const key = identifierKey(identifier);
      const lockKey = lockKeyOf(key);
      const failKey = failKeyOf(key);
      if ((await kv.pttl(lockKey)) > 0) throw await locked(kv, lockKey);
      const attempt = await countHit(kv, failKey, LOGIN_POLICY.windowMs);
      // More attempts than the limit are failed or still being checked: this one is not checked.
      // Only a failure locks (below): the attempts in flight may be right, and a burst of correct
      // sign-ins (several tabs, a retrying client) must not lock the account for 15 min.
      if (attempt > LOGIN_POLICY.maxFailures) throw await locked(kv, lockKey);
      let account: StaffDoc | null;
      let matches: boolean;
      try {
        const found = await find(identifier);
        // A deactivated account, or an invited one without a password yet, costs and answers as an unknown one.
        account = found?.passwordHash && !found.deactivatedAt ? found : null;
        matches = account
          ? await deps.passwords.verify(password, account.passwordHash)
          : await deps.passwords.verify(password, await dummy()).then(() => false);
      } catch (err) {
        // An attempt at the limit that cannot be checked locks as a failure would: the attempts
        // refused behind it would otherwise be told to retry in a second for the rest of the window.
        if (attempt >= LOGIN_POLICY.maxFailures) await kv.set(lockKey, '1', { px: LOGIN_POLICY.lockMs, nx: true }).catch(() => false);
        throw err;
      }
      if (account && matches) {
        await kv.del(failKey);
        return account;
      }
      // Security events are logged by identifier hash and account id, never the password or email.
      deps.logger.warn('staff login failed', { identifier: key, accountId: account?._id, attempt });
      if (attempt >= LOGIN_POLICY.maxFailures && (await kv.set(lockKey, '1', { px: LOGIN_POLICY.lockMs, nx: true }))) {
        deps.logger.warn('staff login locked', { identifier: key, lockMinutes: LOGIN_POLICY.lockMs / 60_000 });
      }
      throw invalid();
    },
    /** Clears an identifier's failures and lock (after a successful password reset). */
    async clearFailures(identifier: string): Promise<void> {
      const key = identifierKey(identifier);
      await kv.del(failKeyOf(key), lockKeyOf(key));
    },
  };
}

export type StaffLogin = ReturnType<typeof createStaffLogin>;

/** LOGIN_LOCKED with the lock's time left, or, while the attempts ahead are still being checked and none has locked yet, a second. */
async function locked(kv: KeyValueStore, lockKey: string): Promise<DomainError> {
  if ((await kv.pttl(lockKey)) <= 0) return new DomainError('LOGIN_LOCKED', 'Too many sign-in attempts at once; try again in a second', 1);
  const wait = await secondsLeft(kv, lockKey, LOGIN_POLICY.lockMs);
  return new DomainError('LOGIN_LOCKED', `Too many failed sign-ins; try again in ${Math.ceil(wait / 60)} min`, wait);
}
