import { type Env, isProduction, read } from '../core/config.ts';
import type { ServiceMetrics } from '../telemetry/service-metrics.ts';

/** Every outbox's settings (docs/operations.md "Outbox, leases and replicas"), spread into a service's config. */
export const OUTBOX_SETTINGS = {
  /** How often an idle worker looks for due messages (a change in the same process wakes it at once). */
  OUTBOX_POLL_MS: read.int(1_000, { min: 10, max: 600_000 }),
  /** How long a worker's claim on a message lasts before another replica may take it (renewed while it runs). */
  OUTBOX_LEASE_MS: read.int(60_000, { min: 1_000, max: 3_600_000 }),
  /** How long a message written before its change waits for its release before its guard is checked. */
  OUTBOX_STAGED_GRACE_MS: read.int(60_000, { min: 1_000, max: 3_600_000 }),
  /** Tests only: the worker does not start (the kill-and-restart test); refused in production. */
  OUTBOX_PAUSED: read.bool(false),
};

/** The outbox's timings as `createOutbox` takes them, from a config holding OUTBOX_SETTINGS. */
export function outboxTimings(config: { OUTBOX_POLL_MS: number; OUTBOX_LEASE_MS: number; OUTBOX_STAGED_GRACE_MS: number; OUTBOX_PAUSED: boolean }) {
  return { pollMs: config.OUTBOX_POLL_MS, leaseMs: config.OUTBOX_LEASE_MS, stagedGraceMs: config.OUTBOX_STAGED_GRACE_MS, paused: config.OUTBOX_PAUSED };
}

/** OUTBOX_PAUSED is a test switch: refused in production. */
export function outboxProblems(env: Env, config: { OUTBOX_PAUSED: boolean }): string[] {
  return config.OUTBOX_PAUSED && isProduction(env)
    ? ['OUTBOX_PAUSED: a test switch (no mail or refund would be delivered), refused with NODE_ENV=production']
    : [];
}

/**
 * The outbox's `onOutcome` counting `outbox_deliveries_total{topic, outcome}` in a service's
 * metrics (docs/operations.md "Metrics"): each attempt `delivered`, `retry`, `failed` or `void`.
 */
export function countOutboxDeliveries(metrics: ServiceMetrics): (topic: string, outcome: 'delivered' | 'retry' | 'failed' | 'void') => void {
  const deliveries = metrics.counter({
    name: 'outbox_deliveries_total',
    help: 'Outbox delivery attempts, by topic and outcome (delivered, retry, failed, void)',
    labelNames: ['topic', 'outcome'],
  });
  return (topic, outcome) => deliveries.inc({ topic, outcome });
}
