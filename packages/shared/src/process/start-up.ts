import { ConfigError } from '../core/config.ts';
import type { Logger } from '../core/logger.ts';

/**
 * The exit status of a service that refused its configuration (sysexits' EX_CONFIG): restarting
 * it cannot help, so supervisors (scripts/start.ts, an orchestrator's policy) can tell it apart.
 */
export const EXIT_CONFIG = 78;

/**
 * The runtime settings every service process starts with, wherever it runs: the Dockerfile's ENV
 * (checked equal by tests/e2e/compose.test.ts), `bun run start`'s supervisor and the benchmarks'
 * process groups. An operator's own environment wins over these.
 *
 * BUN_GC_TIMER_INTERVAL: Bun runs a timer that asks the collector for a pass every second (after
 * 30 quiet ticks, every 30 s) on top of JSC's own collections, which are paced by allocation. With
 * a large, long-lived heap (the catalog at 100k services holds ~800 MB: its embedded store and
 * snapshot) those passes turn into full collections every few seconds whose pauses land on
 * requests: quote/cart p99 at a steady 10 req/s went from 3.5 ms at 1k services to 11 ms at 100k.
 * Ticking every 30 s instead keeps JSC's allocation-paced collections and still gives memory back
 * after a burst within half a minute: p99 3.9 ms at 100k, catalog RSS 869 MB. Switching the timer
 * off entirely (BUN_GC_TIMER_DISABLE) gave the same p99 but kept the load's garbage: RSS 1.5 GB.
 *
 * BUN_JSC_numberOfGCMarkers: JSC marks with one helper thread per core. A host runs several
 * service processes (compose puts five on one machine; a container often has one or two cores),
 * so during a full collection of a large heap the parallel markers took the cores the request
 * thread and the other services needed: at 100k the quote/cart p99 rose to 5-9 ms for the second
 * or so a collection lasted. One marker keeps marking concurrent and leaves a core to requests:
 * p99 at 100k 4.2-5.5 ms against 5.2-8.6 ms over four paired 30 s runs (1k unchanged).
 *
 * BUN_IDLE_GC_SECONDS: the same timer also counts "quiet" time (ticks in which the heap grew by
 * less than ~7.5 MB) and, after 10 s, 2 min and 10 min of it (Bun's default "10,110,480"), makes
 * that tick's collection a full one. A service answering 10 requests a second is quiet by that
 * measure, so one of those full collections ran over the catalog's whole heap (100k services:
 * ~2.2M cells) in the middle of steady traffic, 0.2-0.7 s of concurrent marking that stops the
 * request thread 0.8 ms of every 2 ms (JSC's maximumMutatorUtilization 0.6): the quote/cart p99
 * at 100k landed anywhere from 0.5x to 1.8x of 1k depending on whether one fell in the phase. "0"
 * turns the ladder off; the ticks still run what JSC picks (an eden collection, or a full one when
 * its own heuristics ask for it), and the snapshot builds collect fully by themselves
 * (buildReleaser). bun run bench:tail: no full collection in any 60 s phase with it, one in every
 * phase at 100k without it.
 *
 * Measured by bun run bench:scale and bench:tail; see docs/operations.md and docs/scale.md.
 */
export const SERVICE_RUNTIME_ENV: Readonly<Record<string, string>> = {
  BUN_GC_TIMER_INTERVAL: '30000',
  BUN_JSC_numberOfGCMarkers: '1',
  BUN_IDLE_GC_SECONDS: '0',
};

/**
 * Runs a service's config loader; on a bad configuration logs every problem in one line and
 * exits with EXIT_CONFIG, so the operator sees all of them at once and no half-configured service starts.
 */
export function loadConfigOrExit<T>(logger: Logger, load: () => T, exit: (code: number) => never = process.exit): T {
  try {
    return load();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    logger.error('invalid configuration', { problems: err.problems });
    return exit(EXIT_CONFIG);
  }
}

/**
 * Stops the service once on SIGTERM or SIGINT: `stop` closes the server and the stores, then the
 * process exits 0. A second signal while stopping is ignored (the supervisor's grace period decides).
 */
export function stopOnSignals(logger: Logger, stop: () => Promise<unknown>, exit: (code: number) => never = process.exit): void {
  let stopping = false;
  const handle = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    try {
      await stop();
    } catch (err) {
      logger.error('shutdown failed', { error: String(err) });
    }
    exit(0);
  };
  process.on('SIGTERM', () => void handle('SIGTERM'));
  process.on('SIGINT', () => void handle('SIGINT'));
}

/** What main.ts passes to listen: every server binds its port exclusively unless REUSE_PORT says otherwise. */
export interface ListenOptions {
  hostname: string;
  port: number;
  reusePort: boolean;
  maxRequestBodySize?: number;
}

/**
 * Binds the app, exclusively by default: with SO_REUSEPORT (Elysia's default on Bun) a second
 * `bun run start` or a stale process binds the same port silently and the kernel splits traffic
 * between old and new code. A port in use is one JSON log line and exit 1, not a stack trace.
 */
export function listenOrExit<T extends { listen(options: ListenOptions): T }>(
  app: T,
  options: ListenOptions,
  logger: Logger,
  exit: (code: number) => never = process.exit,
): T {
  try {
    return app.listen(options);
  } catch (err) {
    logger.error('cannot listen', { host: options.hostname, port: options.port, error: (err as Error)?.message ?? String(err) });
    return exit(1);
  }
}
