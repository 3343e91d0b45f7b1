import { type Collection, type Db, MongoClient } from 'mongodb';
import type { Doc, DocumentCollection, DocumentStore } from './documents.ts';

/**
 * The production adapter: the official driver. Its Collection already has the port's methods
 * and semantics, so this only narrows the types; no behaviour is added or hidden.
 */
export async function connectMongoDocumentStore(url: string, options: { dbName?: string } = {}): Promise<DocumentStore> {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 5_000, appName: 'talent-marketplace' });
  await client.connect();
  return mongoDocumentStore(client, client.db(options.dbName));
}

/** Wraps an already connected client and database (tests use it with a per-run database). */
export function mongoDocumentStore(client: MongoClient, db: Db): DocumentStore {
  return {
    kind: 'mongodb',
    collection<T extends Doc>(name: string): DocumentCollection<T> {
      // The driver's generics are wider than the port's; the method set is the same.
      return db.collection(name) as unknown as DocumentCollection<T> & Collection;
    },
    ping: async () => {
      try {
        await db.command({ ping: 1 });
        return true;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
  };
}
