import { MongoClient } from 'mongodb';
import type { DocumentStore } from '../store/documents.ts';
import { createEmbeddedDocumentStore } from '../store/embedded-documents.ts';
import { mongoDocumentStore } from '../store/mongo-documents.ts';

/** A document store under test plus how to dispose of it. */
export interface StoreUnderTest {
  name: 'embedded' | 'mongodb';
  /** A fresh, empty database for one test. */
  open(): Promise<DocumentStore>;
}

/**
 * The adapters a repository's tests must pass on: always the embedded store, and real MongoDB
 * when MONGODB_URL is set (CI's conformance job). Each `open()` is a fresh database that is
 * dropped when `closeAll()` runs, so suites never see each other's data.
 */
export function documentStoresUnderTest(env: Record<string, string | undefined> = process.env): {
  stores: StoreUnderTest[];
  closeAll(): Promise<void>;
} {
  const cleanups: (() => Promise<void>)[] = [];
  const stores: StoreUnderTest[] = [{ name: 'embedded', open: async () => createEmbeddedDocumentStore() }];
  const url = env.MONGODB_URL;
  if (url) {
    let client: MongoClient | undefined;
    stores.push({
      name: 'mongodb',
      async open() {
        if (!client) {
          client = new MongoClient(url, { serverSelectionTimeoutMS: 5_000 });
          await client.connect();
          const c = client;
          cleanups.push(() => c.close());
        }
        const db = client.db(`test_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`);
        cleanups.unshift(() => db.dropDatabase().then(() => undefined));
        return { ...mongoDocumentStore(client, db), close: async () => {} };
      },
    });
  }
  return {
    stores,
    async closeAll() {
      for (const c of cleanups.splice(0)) await c();
    },
  };
}
