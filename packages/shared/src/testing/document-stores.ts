import { MongoClient } from 'mongodb';
import type { DocumentStore } from '../store/documents.ts';
import { createEmbeddedDocumentStore } from '../store/embedded-documents.ts';
import { mongoDocumentStore } from '../store/mongo-documents.ts';
import { type MongoWireStandIn, startMongoWireStandIn } from './mongo-wire/server.ts';

/** A document store under test plus how to dispose of it. */
export interface StoreUnderTest {
  name: 'embedded' | 'embedded, spilled to a file' | 'mongodb' | 'mongodb driver over the wire stand-in';
  /** A fresh, empty database for one test. */
  open(): Promise<DocumentStore>;
}

/**
 * The adapters a repository's tests must pass on: always the embedded store, in memory and with
 * its documents spilled to its temporary file from the first byte (a large collection's way); always the real
 * `mongodb` driver (through the production adapter) talking OP_MSG to the wire-level stand-in
 * (testing/mongo-wire), so a driver option, a BSON difference or a command the stand-in does
 * not know shows up in every run; and real MongoDB when MONGODB_URL is set (CI's conformance
 * job). Each `open()` is a fresh database, dropped or forgotten when `closeAll()` runs.
 */
export function documentStoresUnderTest(env: Record<string, string | undefined> = process.env): {
  stores: StoreUnderTest[];
  closeAll(): Promise<void>;
} {
  const cleanups: (() => Promise<void>)[] = [];
  const stores: StoreUnderTest[] = [
    { name: 'embedded', open: async () => createEmbeddedDocumentStore() },
    {
      name: 'embedded, spilled to a file',
      async open() {
        const store = createEmbeddedDocumentStore({ spillAboveBytes: 0 });
        cleanups.push(() => store.close());
        return store;
      },
    },
  ];
  let standIn: { server: MongoWireStandIn; client: MongoClient } | undefined;
  stores.push({
    name: 'mongodb driver over the wire stand-in',
    async open() {
      if (!standIn) {
        const server = startMongoWireStandIn();
        const client = new MongoClient(server.url, { serverSelectionTimeoutMS: 2_000, socketTimeoutMS: 5_000, ignoreUndefined: true });
        standIn = { server, client };
        cleanups.push(async () => {
          await client.close();
          await server.stop();
        });
      }
      const db = standIn.client.db(`test_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`);
      return { ...mongoDocumentStore(standIn.client, db), close: async () => {} };
    },
  });
  const url = env.MONGODB_URL;
  if (url) {
    let client: MongoClient | undefined;
    stores.push({
      name: 'mongodb',
      async open() {
        if (!client) {
          client = new MongoClient(url, { serverSelectionTimeoutMS: 5_000, ignoreUndefined: true });
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
