import type { Clock, Logger } from '@tm/shared';
import { repeatEvery } from './repeat.ts';
import type { ReviewRepository } from './repository.ts';

/**
 * Publishes pending reviews whose window has closed (the other side never wrote). Each move is the
 * repository's conditional publish, so two replicas sweeping at once count each review once.
 */
export function createSweeper(deps: { repo: ReviewRepository; clock: Clock; logger: Logger; batch?: number }) {
  const batch = deps.batch ?? 200;

  /** One pass: every due review published; how many this pass published. */
  async function sweep(): Promise<number> {
    let published = 0;
    for (;;) {
      const now = new Date(deps.clock.now()).toISOString();
      const due = await deps.repo.due(now, batch);
      for (const doc of due) if (await deps.repo.publish(doc._id, now)) published++;
      if (due.length < batch) break;
    }
    if (published > 0) deps.logger.info('reviews published as their window closed', { published });
    return published;
  }

  /** `start(everyMs)` sweeps every `everyMs` until `stop` (one pass at a time). */
  return { sweep, ...repeatEvery(sweep, deps.logger, 'review sweep failed') };
}
