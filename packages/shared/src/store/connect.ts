import type { Logger } from '../logger.ts';
import type { DocumentStore } from './documents.ts';
import { createEmbeddedDocumentStore } from './embedded-documents.ts';
import { createEmbeddedKeyValueStore } from './embedded-key-value.ts';
import type { KeyValueStore } from './key-value.ts';
import { createMongoDocumentStore } from './mongo-documents.ts';
import type { MongoSettings } from './mongo-settings.ts';
import { checkRedisVersion, createRedisClient, MIN_REDIS_VERSION, type RedisClient } from './redis-client.ts';
import { createRedisKeyValueStore } from './redis-key-value.ts';
import { parseRedisUrl } from './redis-url.ts';

export interface Stores {
  documents: DocumentStore;
  keyValue: KeyValueStore;
}

export interface RedisSettings {
  url: string;
  prefix: string;
  commandTimeoutMs: number;
}

/**
 * Builds the stores a service's main.ts needs: MongoDB and Redis when configured, the embedded
 * adapters otherwise. Nothing here waits for a server: both clients connect in the background
 * and keep trying, so a dependency that is away at start makes /readyz answer 503 (and requests
 * that need it 503 SERVICE_UNAVAILABLE) instead of a crash loop. Only main.ts calls this.
 */
export function openStores(options: { service: string; logger: Logger; mongodb?: MongoSettings; redis?: RedisSettings }): Stores {
  const { logger } = options;
  const documents = options.mongodb ? createMongoDocumentStore(options.mongodb, { logger, appName: options.service }) : createEmbeddedDocumentStore();
  const keyValue = options.redis ? createRedisKeyValueStore(openRedis(options.redis, logger), { prefix: options.redis.prefix }) : createEmbeddedKeyValueStore();
  return { documents, keyValue };
}

/**
 * The ioredis client for a service's key-value store, with one log line per outage (not one per
 * reconnect attempt) and the server's version checked and reported each time it connects.
 */
export function openRedis(settings: RedisSettings, logger: Logger): RedisClient {
  let down = false;
  const client = createRedisClient(settings.url, {
    commandTimeoutMs: settings.commandTimeoutMs,
    maxRetriesPerRequest: 1,
    onError: (err) => {
      if (down) return;
      down = true;
      logger.warn('redis unavailable', { error: err.message });
    },
  });
  client.on('ready', () => {
    down = false;
    checkRedisVersion(client).then(
      ({ version, supported }) => {
        const topology = parseRedisUrl(settings.url).mode;
        if (supported) logger.info('redis connected', { version, topology });
        else logger.error('redis version unsupported: readiness stays down', { version, minimum: MIN_REDIS_VERSION, topology });
      },
      (err: unknown) => logger.warn('redis version check failed', { error: String(err) }),
    );
  });
  return client;
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
