import { createCustomerRepository } from '../customers/customer-repository.ts';
import type { AuthDeps } from '../deps.ts';
import { createSessionRepository } from '../sessions/session-repository.ts';
import { type AccountDeletion, createAccountDeletion } from './deletion.ts';
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

/**
 * Retries pending account deletions every `everyMs` until each service has confirmed. Any
 * replica may run it: each step is idempotent (services erase idempotently, auth's own erasure
 * too), so two replicas retrying one deletion at once do no harm. Returns a stop function.
 */
export function startErasureWorker(deps: AuthDeps, everyMs: number): () => void {
  const deletion = buildAccountDeletion(deps);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    deletion
      .retryDue()
      .catch((err: unknown) => deps.logger.error('erasure worker round failed', { error: String(err) }))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  return () => clearInterval(timer);
}
