import type { Leases } from '@tm/shared/store';
import { createCustomerRepository } from '../customers/customer-repository.ts';
import type { AuthDeps } from '../deps.ts';
import { createSessionRepository } from '../sessions/session-repository.ts';
import { type AccountDeletion, createAccountDeletion, type DeletionResult } from './deletion.ts';
import { createDeletionRepository } from './deletion-repository.ts';
import { createEmailChangeRepository } from './email-change-repository.ts';

/** The account deletion use case from auth's deps (the routes and the worker build the same one). */
export function buildAccountDeletion(deps: AuthDeps): AccountDeletion {
  return createAccountDeletion({
    customers: createCustomerRepository(deps.documents),
    sessions: createSessionRepository(deps.documents),
    emailChanges: createEmailChangeRepository(deps.documents),
    deletions: createDeletionRepository(deps.documents),
    peers: deps.accountPeers,
    clock: deps.clock,
    logger: deps.logger,
    retryMs: deps.accountErasureRetryMs,
  });
}

/** The store lease an erasure round runs under, and how long it holds (renewed while the round runs). */
export const ERASURE_LEASE = 'auth.erasure';
export const ERASURE_LEASE_MS = 60_000;

/**
 * One round of the erasure worker: the due pending deletions, each asked of the services still
 * pending. With `leases`, the round runs under the store lease `auth.erasure`, so of several
 * replicas one asks at a time (the others skip the round: `null`); each step is idempotent as
 * well (services erase idempotently, auth's own erasure too), so a round overlapping another
 * after a lost lease asks a service twice at worst and changes nothing twice.
 */
export async function runErasureRound(deletion: AccountDeletion, leases?: Leases): Promise<DeletionResult[] | null> {
  if (!leases) return deletion.retryDue();
  const round = await leases.run(ERASURE_LEASE, ERASURE_LEASE_MS, () => deletion.retryDue());
  return round.ran ? round.value : null;
}

/** Runs a round every `everyMs` (never two of this process at once); returns a stop function. */
export function startErasureWorker(deps: AuthDeps, everyMs: number, leases?: Leases): () => void {
  const deletion = buildAccountDeletion(deps);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runErasureRound(deletion, leases)
      .catch((err: unknown) => deps.logger.error('erasure worker round failed', { error: String(err) }))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  return () => clearInterval(timer);
}
