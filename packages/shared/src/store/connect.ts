import type { DocumentStore } from './documents.ts';
import type { KeyValueStore } from './key-value.ts';

export interface Stores {
  documents: DocumentStore;
  keyValue: KeyValueStore;
}

/**
 * Builds the stores a service's main.ts needs: MongoDB and Redis when their URLs are set, the
 * embedded adapters otherwise. Only main.ts calls this; createApp receives the result. Each
 * adapter (and its driver: mongodb, ioredis, mingo) is imported only when it is chosen, so a
 * process pays at start for the stores it uses and no other.
 */
export async function connectStores(options: { mongodbUrl?: string; redisUrl?: string; redisPrefix: string }): Promise<Stores> {
  const documents = options.mongodbUrl
    ? await (await import('./mongo-documents.ts')).connectMongoDocumentStore(options.mongodbUrl)
    : (await import('./embedded-documents.ts')).createEmbeddedDocumentStore();
  const keyValue = options.redisUrl
    ? await connectRedisKeyValueStore(options.redisUrl, options.redisPrefix)
    : (await import('./embedded-key-value.ts')).createEmbeddedKeyValueStore();
  return { documents, keyValue };
}

async function connectRedisKeyValueStore(url: string, prefix: string): Promise<KeyValueStore> {
  const [{ Redis }, { createRedisKeyValueStore }] = await Promise.all([import('ioredis'), import('./redis-key-value.ts')]);
  return createRedisKeyValueStore(new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true }), { prefix });
}
