import type { Logger } from '@tm/shared';

/**
 * Runs `pass` every `everyMs` until stopped, one pass at a time (a tick while one runs is skipped);
 * a failed pass is logged as `failure` and tried again at the next tick. `stop` waits for the pass
 * in progress.
 */
export function repeatEvery(pass: () => Promise<unknown>, logger: Logger, failure: string) {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> | undefined;
  return {
    start(everyMs: number): void {
      timer = setInterval(() => {
        running ??= pass()
          .catch((err: unknown) => logger.warn(failure, { error: String(err) }))
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
