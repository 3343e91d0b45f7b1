/**
 * `@tm/shared/outbox`: side effects after a state change (mails, provider refunds, notices to
 * other services), stored in the service's own document store with the change and delivered by
 * a worker with backoff, under an idempotency key per message, surviving a restart.
 *
 * The document store has no transactions, so a message is written FIRST, `staged` and carrying
 * a guard (a filter that matches only once the change is stored), then the change is written,
 * then the message is `released` (made `ready`). A process dying between the change and the
 * release leaves a staged message: after `stagedGraceMs` a worker checks its guard and delivers
 * it when the change is there, or voids it when the change never happened (it lost a race or
 * failed). A message's `_id` is its key: writing the same key twice is a no-op, so re-running
 * a step never doubles a message, and the handler gets the key to pass on (a provider's
 * idempotency key, a mail's Message-ID).
 *
 * Workers of every replica share the collection. A worker claims one due message at a time
 * with a conditional update that sets a lease (`leaseUntil`, `leaseToken`), renewed while the
 * handler runs: two workers never deliver the same message at once. A worker that dies holding
 * one leaves it to the next claim after the lease expires. The result is at-least-once: a
 * handler that made its side effect and died before the `delivered` write is called again with
 * the same key, so handlers whose target has no idempotency key make their step idempotent
 * themselves (bookings' Razorpay refunds look for a refund under the key before making one).
 */
import type { Clock } from '../core/clock.ts';
import type { Logger } from '../core/logger.ts';
import type { DocumentStore, Filter } from '../store/documents.ts';
import { isDuplicateKeyError } from '../store/documents.ts';
import { defaultOwner } from '../store/lease.ts';

export { countOutboxDeliveries, OUTBOX_SETTINGS, outboxProblems, outboxTimings } from './settings.ts';

/** One side effect to deliver: `key` is its idempotency key (unique per collection), `topic` picks the handler. */
export interface OutboxMessage {
  key: string;
  topic: string;
  payload: Record<string, unknown>;
}

/** The change a staged message depends on: a document of `collection` matching `filter` once it is stored. */
export interface OutboxGuard {
  collection: string;
  filter: Filter;
}

export type OutboxState = 'staged' | 'ready' | 'delivered' | 'failed' | 'void';

/** A message as stored. */
export interface OutboxDoc {
  _id: string;
  topic: string;
  payload: Record<string, unknown>;
  state: OutboxState;
  /** The guard, its filter as JSON (a stored document may not hold `$` keys on every MongoDB). */
  guard?: { collection: string; filter: string };
  attempts: number;
  /** Epoch ms from which it may be claimed (a staged one: when its guard is checked). */
  nextAt: number;
  /** Epoch ms until which a worker holds it (0: nobody). */
  leaseUntil: number;
  leaseToken?: string;
  leaseOwner?: string;
  createdAt: number;
  deliveredAt?: number;
  lastError?: string;
  /** Delivered and voided messages are removed after `retainMs` (TTL index); failed ones stay for an operator. */
  expireAt?: Date;
  [key: string]: unknown;
}

export interface DeliveryContext {
  /** The message's idempotency key. */
  key: string;
  topic: string;
  /** 1 on the first attempt. */
  attempt: number;
}

export type OutboxHandler = (payload: Record<string, unknown>, context: DeliveryContext) => Promise<void>;

/** Thrown by a handler when retrying cannot help (no such recipient, refused for good): the message is marked failed at once. */
export class PermanentDeliveryError extends Error {
  override readonly name = 'PermanentDeliveryError';
}

export interface OutboxOptions {
  documents: DocumentStore;
  clock: Clock;
  logger: Logger;
  handlers: Readonly<Record<string, OutboxHandler>>;
  collection?: string;
  /** This process in `leaseOwner` (default host:pid:random). */
  owner?: string;
  /** How long a claim holds a message before another worker may take it (renewed while the handler runs). */
  leaseMs?: number;
  /** Delay before attempt n+1, by n (the last repeats). */
  backoffMs?: readonly number[];
  /** After this many failed attempts a message is marked failed and logged at error level. */
  maxAttempts?: number;
  /** How long a staged message waits for its release before a worker checks its guard. */
  stagedGraceMs?: number;
  /** How often an idle worker looks for due messages (a release or enqueue in this process wakes it at once). */
  pollMs?: number;
  /** Messages delivered at once per worker. */
  concurrency?: number;
  /** How long delivered and voided messages are kept (their keys keep refusing duplicates meanwhile). */
  retainMs?: number;
  /**
   * Topics whose payload is personal data needed only to deliver (a reset request's typed address,
   * which may belong to nobody): emptied once the message is delivered, voided or failed, so it is
   * not kept for `retainMs`; the key, topic, state, times and error stay for operators.
   */
  forgetPayloadOf?: readonly string[];
  /**
   * Tests only (a service's OUTBOX_PAUSED): messages are written and released but never
   * delivered by this process, neither by its worker nor in a request: a process killed now
   * holds a change whose side effects are stored and undelivered.
   */
  paused?: boolean;
  /** Called after each delivery attempt (metrics). */
  onOutcome?(topic: string, outcome: 'delivered' | 'retry' | 'failed' | 'void'): void;
}

export const DEFAULT_OUTBOX_BACKOFF_MS = [1_000, 5_000, 30_000, 120_000, 600_000, 1_800_000];

export interface Outbox {
  ensureIndexes(): Promise<void>;
  /** Writes messages as staged under `guard` (before the change); a key already there is left as it is. */
  stage(messages: readonly OutboxMessage[], guard: OutboxGuard): Promise<void>;
  /** Makes staged messages ready (after the change is stored) and wakes the worker. */
  release(keys: readonly string[]): Promise<void>;
  /** Writes messages ready at once (their change is already stored, or is the message itself). */
  enqueue(messages: readonly OutboxMessage[]): Promise<void>;
  /**
   * stage → change → release when `change` answers a value; when it answers null or throws
   * (rethrown), the staged messages are left to the guard check, which voids them unless another
   * writer stored the same change under the same keys (two replicas racing for one transition).
   */
  withChange<T>(
    messages: readonly OutboxMessage[],
    guard: OutboxGuard,
    change: () => Promise<T | null>,
    options?: { deliverNow?: readonly string[] },
  ): Promise<T | null>;
  /**
   * Delivers these ready messages now, in the caller's request (a refund the answer reports),
   * each under a claim like the worker's: one another worker holds, or that fails, is left to
   * the worker. The number delivered.
   */
  deliver(keys: readonly string[]): Promise<number>;
  /** One pass: claims and delivers due messages until none is left; the number handled. */
  deliverDue(): Promise<number>;
  /** Starts the polling worker (idempotent). */
  start(): void;
  /** Stops it and waits for the delivery in progress. */
  stop(): Promise<void>;
  /** The stored message (tests, operators). */
  get(key: string): Promise<OutboxDoc | null>;
}

export function createOutbox(options: OutboxOptions): Outbox {
  const { documents, clock, logger, handlers } = options;
  const messages = documents.collection<OutboxDoc>(options.collection ?? 'outbox');
  const owner = options.owner ?? defaultOwner();
  const leaseMs = options.leaseMs ?? 60_000;
  const backoff = options.backoffMs ?? DEFAULT_OUTBOX_BACKOFF_MS;
  const maxAttempts = options.maxAttempts ?? 12;
  const graceMs = options.stagedGraceMs ?? 60_000;
  const pollMs = options.pollMs ?? 1_000;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const retainMs = options.retainMs ?? 7 * 24 * 3_600_000;
  const forgetful = new Set(options.forgetPayloadOf ?? []);
  /** A finished message's fields, its payload emptied when its topic's data is only for delivering. */
  const finished = (doc: OutboxDoc, set: Record<string, unknown>) => (forgetful.has(doc.topic) ? { ...set, payload: {} } : set);
  /**
   * A delivery error as stored and logged: for a forgetful topic, without the payload's values it
   * quotes (a mail server's "550 <typed@address>: no such user" would keep the address the
   * payload was emptied of).
   */
  const errorText = (doc: OutboxDoc, err: unknown) => (forgetful.has(doc.topic) ? withoutValuesOf(doc.payload, String(err)) : String(err));
  let timer: ReturnType<typeof setTimeout> | undefined;
  let started = false;
  let pass: Promise<number> | undefined;
  let again = false;

  const expireAt = () => new Date(clock.now() + retainMs);

  async function insertAll(docs: OutboxDoc[]): Promise<void> {
    for (const doc of docs) {
      try {
        await messages.insertOne(doc);
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
      }
    }
  }

  const newDoc = (m: OutboxMessage, state: 'staged' | 'ready', guard?: OutboxGuard): OutboxDoc => {
    const now = clock.now();
    return {
      _id: m.key,
      topic: m.topic,
      payload: m.payload,
      state,
      ...(guard ? { guard: { collection: guard.collection, filter: JSON.stringify(guard.filter) } } : {}),
      attempts: 0,
      nextAt: state === 'staged' ? now + graceMs : now,
      leaseUntil: 0,
      createdAt: now,
    };
  };

  /** Claims one due message (or the one named `key`) under a new lease token; null when none is due. */
  async function claim(key?: string): Promise<{ doc: OutboxDoc; token: string } | null> {
    const now = clock.now();
    const token = crypto.randomUUID();
    const doc = await messages.findOneAndUpdate(
      { ...(key !== undefined ? { _id: key } : {}), state: { $in: ['ready', 'staged'] }, nextAt: { $lte: now }, leaseUntil: { $lte: now } },
      { $set: { leaseUntil: now + leaseMs, leaseToken: token, leaseOwner: owner } },
      { sort: { nextAt: 1 }, returnDocument: 'after' },
    );
    return doc && doc.leaseToken === token ? { doc, token } : null;
  }

  /** A write that only the claim holding `token` makes. */
  const finish = (doc: OutboxDoc, token: string, set: Record<string, unknown>, unset: Record<string, ''> = {}) =>
    messages.updateOne({ _id: doc._id, leaseToken: token }, { $set: { ...set, leaseUntil: 0 }, $unset: { leaseToken: '', ...unset } });

  async function guardHolds(doc: OutboxDoc): Promise<boolean> {
    if (!doc.guard) return true;
    const filter = JSON.parse(doc.guard.filter) as Filter;
    return (await documents.collection(doc.guard.collection).findOne(filter, { projection: { _id: 1 } })) !== null;
  }

  /** Delivers one claimed message and records the outcome; true when delivered. */
  async function handle(doc: OutboxDoc, token: string): Promise<boolean> {
    const fields = { key: doc._id, topic: doc.topic, attempt: doc.attempts + 1 };
    const renewal = setInterval(
      () => void messages.updateOne({ _id: doc._id, leaseToken: token }, { $set: { leaseUntil: clock.now() + leaseMs } }).catch(() => undefined),
      Math.max(1, Math.floor(leaseMs / 3)),
    );
    // A staged message becomes deliverable only once its guard was seen to hold.
    let guarded = doc.state === 'staged';
    try {
      if (guarded) {
        // Never released: deliver only if the change it belongs to was stored.
        if (!(await guardHolds(doc))) {
          await finish(doc, token, finished(doc, { state: 'void', expireAt: expireAt() }));
          logger.info('outbox message voided: its change was never stored', fields);
          options.onOutcome?.(doc.topic, 'void');
          return false;
        }
        guarded = false;
      }
      const handler = handlers[doc.topic];
      if (!handler) throw new PermanentDeliveryError(`no handler for topic ${doc.topic}`);
      await handler(doc.payload, { key: doc._id, topic: doc.topic, attempt: doc.attempts + 1 });
      const stored = await finish(
        doc,
        token,
        finished(doc, { state: 'delivered', deliveredAt: clock.now(), attempts: doc.attempts + 1, expireAt: expireAt() }),
        { lastError: '' },
      );
      if (stored.matchedCount === 0) logger.warn('outbox message delivered after its lease was lost', fields);
      options.onOutcome?.(doc.topic, 'delivered');
      return true;
    } catch (err) {
      const attempts = doc.attempts + 1;
      const permanent = err instanceof PermanentDeliveryError;
      const error = errorText(doc, err);
      if (permanent || attempts >= maxAttempts) {
        await finish(doc, token, finished(doc, { state: 'failed', attempts, lastError: error })).catch(() => undefined);
        logger.error('outbox message not delivered; left as failed for an operator', { ...fields, error });
        options.onOutcome?.(doc.topic, 'failed');
        return false;
      }
      const delay = backoff[Math.min(attempts - 1, backoff.length - 1)] ?? 60_000;
      // A staged message whose guard held is retried as ready (its change is stored); one whose
      // guard could not be read (the store failed) stays staged, to be checked again.
      await finish(doc, token, { state: guarded ? 'staged' : 'ready', attempts, nextAt: clock.now() + delay, lastError: error }).catch(() => undefined);
      logger.warn('outbox delivery failed; retried later', { ...fields, retryInMs: delay, error });
      options.onOutcome?.(doc.topic, 'retry');
      return false;
    } finally {
      clearInterval(renewal);
    }
  }

  async function loop(): Promise<number> {
    let handled = 0;
    for (;;) {
      const claimed = await claim();
      if (!claimed) return handled;
      await handle(claimed.doc, claimed.token);
      handled++;
    }
  }

  async function deliverDue(): Promise<number> {
    if (options.paused) return 0;
    if (pass) {
      again = true;
      return pass;
    }
    const run = (async () => {
      let total = 0;
      do {
        again = false;
        const counts = await Promise.all(Array.from({ length: concurrency }, () => loop()));
        total += counts.reduce((a, b) => a + b, 0);
      } while (again);
      return total;
    })();
    pass = run;
    try {
      return await run;
    } finally {
      pass = undefined;
    }
  }

  function schedule(delayMs: number) {
    if (!started) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void deliverDue()
        .catch((err) => logger.warn('outbox pass failed; retried at the next poll', { error: String(err) }))
        .finally(() => schedule(pollMs));
    }, delayMs);
  }
  const wake = () => {
    if (started && pass) again = true;
    else schedule(0);
  };

  return {
    async ensureIndexes() {
      await messages.createIndex({ state: 1, nextAt: 1 }, { name: 'due' });
      await messages.createIndex({ expireAt: 1 }, { expireAfterSeconds: 0, name: 'retention' });
    },
    async stage(list, guard) {
      await insertAll(list.map((m) => newDoc(m, 'staged', guard)));
    },
    async release(keys) {
      if (keys.length === 0) return;
      // A void one too: its guard was checked while a racing writer's change was still on its way.
      await messages.updateMany(
        { _id: { $in: [...keys] }, state: { $in: ['staged', 'void'] } },
        { $set: { state: 'ready', nextAt: clock.now() }, $unset: { expireAt: '' } },
      );
      wake();
    },
    async enqueue(list) {
      await insertAll(list.map((m) => newDoc(m, 'ready')));
      if (list.length > 0) wake();
    },
    async withChange(list, guard, change, opts = {}) {
      await insertAll(list.map((m) => newDoc(m, 'staged', guard)));
      const result = await change();
      if (result === null || list.length === 0) return result;
      const keys = list.map((m) => m.key);
      await messages.updateMany(
        { _id: { $in: keys }, state: { $in: ['staged', 'void'] } },
        { $set: { state: 'ready', nextAt: clock.now() }, $unset: { expireAt: '' } },
      );
      // Those the caller delivers itself first, so this process's worker does not take them meanwhile.
      if (opts.deliverNow?.length)
        await this.deliver(opts.deliverNow).catch((err) => logger.warn('outbox delivery in the request failed; left to the worker', { error: String(err) }));
      wake();
      return result;
    },
    async deliver(keys) {
      if (options.paused) return 0;
      let delivered = 0;
      for (const key of keys) {
        const claimed = await claim(key);
        if (claimed && (await handle(claimed.doc, claimed.token))) delivered++;
      }
      return delivered;
    },
    deliverDue,
    start() {
      if (started || options.paused) return;
      started = true;
      schedule(0);
    },
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await pass?.catch(() => undefined);
    },
    get: (key) => messages.findOne({ _id: key }),
  };
}

/** The payload's string values (nested ones too) that `text` quotes, each replaced by `[payload]`, longest first. */
function withoutValuesOf(payload: unknown, text: string): string {
  const values = new Set<string>();
  const collect = (v: unknown): void => {
    if (typeof v === 'string') {
      // A value of one or two characters would scrub ordinary words out of the message.
      if (v.length >= 3) values.add(v);
    } else if (Array.isArray(v)) v.forEach(collect);
    else if (v && typeof v === 'object') Object.values(v).forEach(collect);
  };
  collect(payload);
  let out = text;
  for (const value of [...values].sort((a, b) => b.length - a.length)) {
    // Addresses are case-insensitive and servers echo them in their own case.
    out = out.replace(new RegExp(value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), '[payload]');
  }
  return out;
}
