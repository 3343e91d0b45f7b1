import type { Logger } from '../core/logger.ts';
import { type DocumentStore, isDuplicateKeyError } from './documents.ts';

/**
 * Leases in the document store: a named duty (the bookings reconciler's pass, auth's erasure
 * worker, the gateway's site-file build) that one replica at a time may run. A lease is one
 * document per name, taken by a conditional write (free or expired, else the insert meets the
 * unique `_id` and loses), held for `ttlMs`, renewed while the duty runs and given back after.
 * A replica that dies holding one loses it when it expires, so the duty moves to another.
 *
 * A lease is a guard against two replicas working at once, not a proof: a holder stalled past
 * its expiry may still finish a step. The duties under it are also idempotent step by step
 * (conditional updates), so an overlap costs work, never a second side effect.
 */
export interface LeaseDoc {
  _id: string;
  owner: string;
  token: string;
  /** Epoch ms at which the lease is free again. */
  until: number;
  [key: string]: unknown;
}

export interface Lease {
  readonly name: string;
  readonly owner: string;
  /** This holding's token (a new one on every acquire): renew and release match on it. */
  readonly token: string;
  /** Extends the lease by its ttl; false when it was lost (expired and taken by another). */
  renew(): Promise<boolean>;
  /** Gives it back at once (no-op when already lost). */
  release(): Promise<void>;
}

export interface Leases {
  /** The lease `name` for `ttlMs`, or null when another owner holds it. */
  acquire(name: string, ttlMs: number): Promise<Lease | null>;
  /**
   * Runs `duty` under the lease `name`, renewed every third of `ttlMs` while it runs, and
   * released after; `{ ran: false }` when another replica holds it (the duty is skipped).
   */
  run<T>(name: string, ttlMs: number, duty: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
  /** Who holds `name` now (undefined when free): operators and tests. */
  holder(name: string): Promise<string | undefined>;
}

/** The leases of one process (`owner` names it in the store: host, pid, a random part). */
export function createLeases(documents: DocumentStore, options: { owner?: string; now?: () => number; logger?: Logger; collection?: string } = {}): Leases {
  const leases = documents.collection<LeaseDoc>(options.collection ?? 'leases');
  const owner = options.owner ?? defaultOwner();
  const now = options.now ?? Date.now;

  async function acquire(name: string, ttlMs: number): Promise<Lease | null> {
    const token = crypto.randomUUID();
    try {
      // Matches only a free (expired) lease; when it is held, the upsert's insert meets `_id` and fails.
      const doc = await leases.findOneAndUpdate(
        { _id: name, until: { $lte: now() } },
        { $set: { owner, token, until: now() + ttlMs } },
        { upsert: true, returnDocument: 'after' },
      );
      if (doc?.token !== token) return null;
    } catch (err) {
      if (isDuplicateKeyError(err)) return null;
      throw err;
    }
    return {
      name,
      owner,
      token,
      async renew() {
        const doc = await leases.findOneAndUpdate({ _id: name, token }, { $set: { until: now() + ttlMs } }, { returnDocument: 'after' });
        return doc !== null;
      },
      async release() {
        await leases.updateOne({ _id: name, token }, { $set: { until: 0 } });
      },
    };
  }

  return {
    acquire,
    async run(name, ttlMs, duty) {
      const lease = await acquire(name, ttlMs);
      if (!lease) return { ran: false };
      const renewal = setInterval(
        () =>
          void lease
            .renew()
            .then((held) => {
              if (!held) options.logger?.warn('lease lost while its duty ran; the duty is idempotent step by step', { lease: name, owner });
            })
            .catch(() => undefined),
        Math.max(1, Math.floor(ttlMs / 3)),
      );
      try {
        return { ran: true, value: await duty() };
      } finally {
        clearInterval(renewal);
        await lease.release().catch(() => undefined);
      }
    },
    async holder(name) {
      const doc = await leases.findOne({ _id: name });
      return doc && doc.until > now() ? doc.owner : undefined;
    },
  };
}

/** `host:pid:random`: unique per process, readable in the store. */
export function defaultOwner(): string {
  const host = typeof process !== 'undefined' ? (process.env.HOSTNAME ?? 'local') : 'local';
  const pid = typeof process !== 'undefined' ? process.pid : 0;
  return `${host}:${pid}:${crypto.randomUUID().slice(0, 8)}`;
}
