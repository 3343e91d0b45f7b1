import { Redis } from 'ioredis';
import type { DocumentStore } from './documents.ts';
import { createEmbeddedDocumentStore } from './embedded-documents.ts';
import { createEmbeddedKeyValueStore } from './embedded-key-value.ts';
import type { KeyValueStore } from './key-value.ts';
import { connectMongoDocumentStore } from './mongo-documents.ts';
import { createRedisKeyValueStore } from './redis-key-value.ts';

export interface Stores {
  documents: DocumentStore;
  keyValue: KeyValueStore;
}

/**
 * Builds the stores a service's main.ts needs: MongoDB and Redis when their URLs are set, the
 * embedded adapters otherwise. Only main.ts calls this; createApp receives the result.
 */
export async function connectStores(options: { mongodbUrl?: string; redisUrl?: string; redisPrefix: string }): Promise<Stores> {
  const documents = options.mongodbUrl ? await connectMongoDocumentStore(options.mongodbUrl) : createEmbeddedDocumentStore();
  const keyValue = options.redisUrl
    ? createRedisKeyValueStore(new Redis(options.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true }), { prefix: options.redisPrefix })
    : createEmbeddedKeyValueStore();
  return { documents, keyValue };
}
