import type { Clock, Logger } from '@tm/shared';
import type { ReviewRepository } from './repository.ts';

/**
 * Publishes pending reviews whose window has closed (the other side never wrote). Each move is the
 * repository's conditional publish, so two replicas sweeping at once count each review once.
 */
export function createSweeper(deps: { repo: ReviewRepository; clock: Clock; logger: Logger; batch?: number }) {
  const batch = deps.batch ?? 200;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<number> | undefined;

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

  return {
    sweep,
    /** Sweeps every `everyMs` until stopped (one pass at a time). */
    start(everyMs: number): void {
      timer = setInterval(() => {
        running ??= sweep()
          .catch((err: unknown) => {
            deps.logger.warn('review sweep failed', { error: String(err) });
            return 0;
          })
          .finally(() => {
            running = undefined;
          });
      }, everyMs);
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
