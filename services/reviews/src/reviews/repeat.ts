import type { Logger } from '@tm/shared';

/**
 * Runs `pass` every `everyMs` until stopped, one pass at a time (a tick while one runs is skipped);
 * a failed pass is logged as `failure` and tried again at the next tick. `stop` waits for the pass
 * in progress.
 */
export function repeatEvery(pass: () => Promise<unknown>, logger: Logger, failure: string) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> | undefined;
  return {
    /** Passes every `everyMs`, the first after `firstAfterMs` (default `everyMs`). */
    start(everyMs: number, firstAfterMs = everyMs): void {
      const tick = () => {
        running ??= pass()
          .catch((err: unknown) => logger.warn(failure, { error: String(err) }))
          .finally(() => {
            running = undefined;
          });
      };
      timer = setTimeout(() => {
        tick();
        timer = setInterval(tick, everyMs);
      }, firstAfterMs);
    },
    async stop(): Promise<void> {
      // One handle either way: clearTimeout and clearInterval cancel both kinds.
      clearTimeout(timer);
      await running;
    },
  };
}
