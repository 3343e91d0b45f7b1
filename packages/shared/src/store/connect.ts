import type { Logger } from '../core/logger.ts';
import type { Telemetry } from '../telemetry/telemetry.ts';
import type { DocumentStore } from './documents.ts';
import type { KeyValueStore } from './key-value.ts';
import type { MongoSettings } from './mongo-settings.ts';
import { observeDocumentStore, observeKeyValueStore } from './observed.ts';
import type { RedisSettings } from './redis-settings.ts';

export interface Stores {
  documents: DocumentStore;
  keyValue: KeyValueStore;
}

/**
 * Builds the stores a service's main.ts needs: MongoDB and Redis when configured, the embedded
 * adapters otherwise. Each adapter (and its driver: mongodb, ioredis, mingo) is imported only
 * when it is chosen. Nothing here waits for a server: both clients connect in the background and
 * keep trying, so a dependency that is away at start makes /readyz answer 503 (and requests that
 * need it 503 SERVICE_UNAVAILABLE) instead of a crash loop. Only main.ts calls this.
 */
export async function openStores(options: {
  service: string;
  logger: Logger;
  mongodb?: MongoSettings | undefined;
  redis?: RedisSettings | undefined;
  /** Every operation of both stores timed (and traced) through it: main.ts's telemetry. */
  telemetry?: Telemetry;
}): Promise<Stores> {
  const { logger } = options;
  const documents = options.mongodb
    ? (await import('./mongo-documents.ts')).createMongoDocumentStore(options.mongodb, { logger, appName: options.service })
    : (await import('./embedded-documents.ts')).createEmbeddedDocumentStore();
  const keyValue = options.redis
    ? await openRedisKeyValueStore(options.redis, logger)
    : (await import('./embedded-key-value.ts')).createEmbeddedKeyValueStore();
  const { telemetry } = options;
  if (!telemetry) return { documents, keyValue };
  return { documents: observeDocumentStore(documents, telemetry), keyValue: observeKeyValueStore(keyValue, telemetry) };
}

async function openRedisKeyValueStore(settings: RedisSettings, logger: Logger): Promise<KeyValueStore> {
  const [{ openRedis }, { createRedisKeyValueStore }] = await Promise.all([import('./redis-open.ts'), import('./redis-key-value.ts')]);
  return createRedisKeyValueStore(openRedis(settings, logger), { prefix: settings.prefix });
}

/**
 * Runs start-up work that needs a store (index creation, seeding, the bootstrap admin) until it
 * succeeds: each failure is one JSON log line, then a retry after a capped backoff. `done()` is
 * what readiness reports meanwhile.
 */
export function retryUntilDone(logger: Logger, what: string, task: () => Promise<void>, options: { firstDelayMs?: number; maxDelayMs?: number } = {}) {
  let finished = false;
  let stopped = false;
  const maxDelay = options.maxDelayMs ?? 10_000;
  const promise = (async () => {
    let delay = options.firstDelayMs ?? 500;
    for (let attempt = 1; !stopped; attempt++) {
      try {
        await task();
        finished = true;
        if (attempt > 1) logger.info(`${what} done`, { attempt });
        return;
      } catch (err) {
        logger.error(`${what} failed: retrying`, { attempt, retryInMs: delay, error: (err as Error)?.message ?? String(err) });
        await Bun.sleep(delay);
        delay = Math.min(delay * 2, maxDelay);
      }
    }
  })();
  const stop = () => {
    stopped = true;
  };
  return { done: () => finished, promise, stop };
}

/** The store as /readyz sees it: not ready until `ready()` (start-up work done) and answering a ping. */
export function gateReadiness(store: DocumentStore, ready: () => boolean): DocumentStore {
  return { ...store, collection: store.collection.bind(store), ping: async () => ready() && (await store.ping()) };
}
