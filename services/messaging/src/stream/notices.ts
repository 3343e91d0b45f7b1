import type { Logger } from '@tm/shared';
import { createRedisClient, type RedisClient } from '@tm/shared/store/redis';

/**
 * "Conversation X reached seq N": how a stored change reaches every stream that shows the
 * conversation. A notice carries no message: the listener reads the log (the document store),
 * so a lost or late notice is repaired by the next read and a repeated one changes nothing.
 */
export interface Notices {
  readonly kind: 'memory' | 'redis';
  /** Tells every listener of `bookingId`, on this replica at once and on the others through Redis. Never throws. */
  publish(bookingId: string, seq: number): void;
  /** Listens to one conversation; the returned function stops listening. */
  subscribe(bookingId: string, listener: (seq: number) => void): () => void;
  close(): Promise<void>;
}

/** This process's listeners by conversation. */
function createLocalHub() {
  const listeners = new Map<string, Set<(seq: number) => void>>();
  return {
    listeners,
    emit(bookingId: string, seq: number) {
      const set = listeners.get(bookingId);
      if (!set) return;
      for (const l of [...set]) {
        try {
          l(seq);
        } catch {
          // One stream's failure is its own; the others still hear the notice.
        }
      }
    },
    /** Adds a listener; `first` says whether the conversation had none before. */
    add(bookingId: string, listener: (seq: number) => void): boolean {
      let set = listeners.get(bookingId);
      const first = set === undefined;
      if (!set) {
        set = new Set();
        listeners.set(bookingId, set);
      }
      set.add(listener);
      return first;
    },
    /** Removes a listener; true when it was the conversation's last. */
    remove(bookingId: string, listener: (seq: number) => void): boolean {
      const set = listeners.get(bookingId);
      if (!set?.delete(listener)) return false;
      if (set.size > 0) return false;
      listeners.delete(bookingId);
      return true;
    },
  };
}

/** One process: notices stay in memory (the embedded default). */
export function createMemoryNotices(): Notices {
  const hub = createLocalHub();
  return {
    kind: 'memory',
    publish: (bookingId, seq) => queueMicrotask(() => hub.emit(bookingId, seq)),
    subscribe(bookingId, listener) {
      hub.add(bookingId, listener);
      return () => {
        hub.remove(bookingId, listener);
      };
    },
    async close() {
      hub.listeners.clear();
    },
  };
}

/**
 * Several replicas: notices also go through Redis pub/sub, one channel per conversation
 * (`<prefix>chat:<bookingId>`), subscribed while this replica holds a stream of it. Listeners on
 * this replica hear their own replica's notices at once, without Redis, so with Redis away every
 * replica still delivers its own streams; cross-replica delivery resumes when it returns (ioredis
 * resubscribes) and a Last-Event-ID reconnect fills any gap.
 */
export function createRedisNotices(options: { url: string; prefix: string; logger: Logger; commandTimeoutMs?: number }): Notices {
  const hub = createLocalHub();
  const replica = crypto.randomUUID();
  // One warning per 10 s at most: with Redis away every publish fails, and the log should say so once, not per message.
  let lastWarning = 0;
  const onError = (error: Error) => {
    if (Date.now() - lastWarning < 10_000) return;
    lastWarning = Date.now();
    options.logger.warn('redis notices: cross-replica delivery paused', { error: error.message });
  };
  const publisher: RedisClient = createRedisClient(options.url, { commandTimeoutMs: options.commandTimeoutMs ?? 2000, enableOfflineQueue: false, onError });
  // A subscribed connection can run no other command: one of its own. It queues while offline so subscriptions made then are sent on connect.
  const subscriber: RedisClient = createRedisClient(options.url, { commandTimeoutMs: options.commandTimeoutMs ?? 2000, enableOfflineQueue: true, onError });
  const channelOf = (bookingId: string) => `${options.prefix}chat:${bookingId}`;
  const bookingOf = (channel: string) => channel.slice(options.prefix.length + 5);
  subscriber.on('message', (channel: string, payload: string) => {
    const [from, seq] = payload.split(' ');
    if (from === replica) return;
    hub.emit(bookingOf(channel), Number(seq));
  });
  let closed = false;
  return {
    kind: 'redis',
    publish(bookingId, seq) {
      queueMicrotask(() => hub.emit(bookingId, seq));
      if (closed) return;
      publisher.publish(channelOf(bookingId), `${replica} ${seq}`).catch((error: Error) => onError(error));
    },
    subscribe(bookingId, listener) {
      if (hub.add(bookingId, listener)) subscriber.subscribe(channelOf(bookingId)).catch((error: Error) => onError(error));
      return () => {
        if (hub.remove(bookingId, listener) && !closed) subscriber.unsubscribe(channelOf(bookingId)).catch((error: Error) => onError(error));
      };
    },
    async close() {
      closed = true;
      hub.listeners.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
