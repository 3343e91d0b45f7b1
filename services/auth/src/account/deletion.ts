import type { AccountErasureRequest } from '@tm/contracts';
import { type Clock, DomainError, type Logger } from '@tm/shared';
import type { CustomerDoc, CustomerRepository } from '../customers/customer-repository.ts';
import type { AccountPeer } from '../peers/account-peers.ts';
import type { SessionRepository } from '../sessions/session-repository.ts';
import type { Principal } from '../sessions/session-service.ts';
import type { DeletionRepository } from './deletion-repository.ts';
import type { EmailChangeRepository } from './email-change-repository.ts';

/** Deleting an account needs a sign-in (the session's auth time) within the last 10 minutes. */
export const REAUTH_WINDOW_MS = 10 * 60_000;

export type DeletionResult = { status: 'deleted' } | { status: 'pending'; pending: string[] } | { status: 'cancelled' };

export interface AccountDeletionDeps {
  customers: CustomerRepository;
  sessions: SessionRepository;
  emailChanges: EmailChangeRepository;
  deletions: DeletionRepository;
  /** Services holding personal data; those that may refuse (bookings) must come first, before any other erases. Each is sent the person's confirmed email and mobile. */
  peers: readonly AccountPeer[];
  clock: Clock;
  logger: Logger;
  /** Wait before the worker asks a service that was away again (ACCOUNT_ERASURE_RETRY_MS). */
  retryMs: number;
}

/**
 * `DELETE /account` and its background retries. Every service is asked to erase the person
 * (idempotent on their side); a refusal on the first ask (active bookings) changes nothing and
 * answers 409. A service that is away leaves a pending-deletion record: the account is unusable
 * from then on (credentials version raised, sessions revoked, sign-in refused) and the worker
 * asks again until every service has confirmed; then auth erases its own data and the record goes.
 */
export function createAccountDeletion(deps: AccountDeletionDeps) {
  const { clock, logger } = deps;
  const now = () => new Date(clock.now());

  async function eraseLocally(userId: string): Promise<void> {
    await deps.sessions.revokeAllFor(userId, now());
    await deps.sessions.forgetDevices(userId);
    await deps.emailChanges.deleteFor(userId);
    await deps.customers.erase(userId);
  }

  /** Asks every service still pending; `opening` is the customer's own call (a refusal is their 409). */
  async function run(userId: string, opening: boolean): Promise<DeletionResult> {
    const existing = await deps.deletions.find(userId);
    if (!existing && !opening) return { status: 'cancelled' };
    const wanted = existing?.pending ?? deps.peers.map((p) => p.service);
    // Read on every round: auth erases the customer only after every service confirmed.
    const person = erasureRequestOf(await deps.customers.findById(userId));
    const remaining: string[] = [];
    const errors: string[] = [];
    for (const peer of deps.peers.filter((p) => wanted.includes(p.service))) {
      let outcome: Awaited<ReturnType<AccountPeer['erase']>>;
      try {
        outcome = await peer.erase(userId, person);
      } catch (err) {
        remaining.push(peer.service);
        errors.push(`${peer.service}: ${(err as Error).message}`);
        continue;
      }
      if (outcome === 'active-bookings') {
        if (!existing)
          throw new DomainError('ACCOUNT_HAS_ACTIVE_BOOKINGS', 'A booking is paid, confirmed or in progress; the account can be deleted once it is over');
        // Found only on a retry (the first ask never got an answer): the deletion is called off.
        await deps.deletions.close(userId);
        await deps.customers.clearDeletionPending(userId);
        logger.warn('account deletion called off: active bookings', { accountId: userId });
        return { status: 'cancelled' };
      }
    }
    if (remaining.length > 0) {
      if (!existing) {
        await deps.deletions.open({ _id: userId, pending: remaining, createdAt: now(), attempts: 0, nextAttemptAt: now() });
        await deps.customers.markDeletionPending(userId, now());
        await deps.sessions.revokeAllFor(userId, now());
      }
      await deps.deletions.recordAttempt(userId, remaining, new Date(clock.now() + deps.retryMs), errors.join('; '));
      logger.warn('account deletion pending', { accountId: userId, pending: remaining });
      return { status: 'pending', pending: remaining };
    }
    await eraseLocally(userId);
    await deps.deletions.close(userId);
    logger.info('account deleted', { accountId: userId });
    return { status: 'deleted' };
  }

  return {
    /** The signed-in customer's own deletion. */
    async request(principal: Principal): Promise<DeletionResult> {
      if (principal.session.subjectKind !== 'customer') {
        throw new DomainError('FORBIDDEN', 'Only customer accounts delete themselves; staff accounts are deactivated by an admin');
      }
      if (clock.now() - principal.session.createdAt.getTime() > REAUTH_WINDOW_MS) {
        throw new DomainError('REAUTHENTICATION_REQUIRED', 'Sign in again (within the last 10 minutes) to delete the account');
      }
      return run(principal.claims.sub, true);
    },

    /** One round of the worker: every deletion whose retry is due. */
    async retryDue(limit = 50): Promise<DeletionResult[]> {
      const due = await deps.deletions.due(now(), limit);
      const results: DeletionResult[] = [];
      for (const d of due) {
        try {
          results.push(await run(d._id, false));
        } catch (err) {
          logger.error('account deletion retry failed', { accountId: d._id, error: String(err) });
        }
      }
      return results;
    },
  };
}

export type AccountDeletion = ReturnType<typeof createAccountDeletion>;

/**
 * The contact data sent with an erase: the confirmed email and the verified mobile only. A
 * pending (unconfirmed) email is left out: it may belong to someone else, whose leads it would erase.
 */
export function erasureRequestOf(customer: Pick<CustomerDoc, 'email' | 'mobile'> | null): AccountErasureRequest {
  return { ...(customer?.email ? { emails: [customer.email.toLowerCase()] } : {}), ...(customer?.mobile ? { mobile: customer.mobile } : {}) };
}
