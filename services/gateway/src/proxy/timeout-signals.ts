/**
 * Abort signals for upstream timeouts, shared by every request that starts within the same
 * short slice of time: one timer per slice instead of one per request (a measurable share of
 * the proxy's CPU under load). A request waits at least `timeoutMs` and at most one slice more.
 */
export function createTimeoutSignals(timeoutMs: number, sliceMs = Math.max(1, Math.min(50, Math.floor(timeoutMs / 10)))) {
  let sliceStart = Number.NEGATIVE_INFINITY;
  let current: AbortSignal | undefined;
  return {
    next(now = performance.now()): AbortSignal {
      if (current === undefined || now - sliceStart >= sliceMs) {
        sliceStart = now;
        current = AbortSignal.timeout(timeoutMs + sliceMs);
      }
      return current;
    },
  };
}
