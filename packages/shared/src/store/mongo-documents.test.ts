import { describe, expect, it } from 'bun:test';
import { type Db, type MongoClient, MongoNetworkError, MongoServerError, ObjectId } from 'mongodb';
import { createMemoryLogger } from '../core/logger.ts';
import { isMongoUnavailable, mongoDocumentStore } from './mongo-documents.ts';
import { checkMongoUrl, mongoDatabaseName } from './mongo-settings.ts';
import { StoreUnavailableError } from './unavailable.ts';

/** A driver collection reduced to what these tests call, answering from a list or failing as told. */
function fakeDb(docs: Record<string, unknown>[], fail?: Error) {
  const collection = {
    collectionName: 'services',
    findOne: async () => {
      if (fail) throw fail;
      return docs[0] ?? null;
    },
    find: () => ({
      toArray: async () => {
        if (fail) throw fail;
        return docs;
      },
    }),
  };
  return { collection: () => collection } as unknown as Db;
}

describe('MONGODB_URL as the driver reads it', () => {
  it('accepts replica-set strings with several hosts, mongodb+srv and driver options', () => {
    for (const url of [
      'mongodb://a:27017,b:27017,c:27017/auth?replicaSet=rs0',
      'mongodb+srv://user:pw@cluster0.example.mongodb.net/auth?retryWrites=true&w=majority',
      'mongodb://127.0.0.1:27017',
    ]) {
      expect(checkMongoUrl(url)).toBe(url);
    }
  });

  it('refuses an unknown option, a bad read preference and several SRV names, without repeating the password', () => {
    expect(() => checkMongoUrl('mongodb://u:hunter2@a/x?bogus=1')).toThrow('bogus is not supported');
    expect(() => checkMongoUrl('mongodb://u:hunter2@a/x?bogus=1')).not.toThrow('hunter2');
    expect(() => checkMongoUrl('mongodb://a/x?readPreference=nope')).toThrow('read preference');
    expect(() => checkMongoUrl('mongodb+srv://a,b/x')).toThrow('multiple service names');
  });

  it('uses the URL path as the database, else the service name (never the driver default "test")', () => {
    expect(mongoDatabaseName('mongodb://a:27017,b:27017/shop?replicaSet=rs0', 'auth')).toBe('shop');
    expect(mongoDatabaseName('mongodb://a:27017,b:27017/?replicaSet=rs0', 'auth')).toBe('auth');
    expect(mongoDatabaseName('mongodb+srv://cluster0.example.mongodb.net', 'catalog')).toBe('catalog');
  });
});

describe('the MongoDB adapter', () => {
  it('reads a hand-inserted ObjectId _id as its hex string and logs it once', async () => {
    const logger = createMemoryLogger();
    const oid = new ObjectId();
    const store = mongoDocumentStore({} as MongoClient, fakeDb([{ _id: oid, slug: 'x' }, { _id: 'svc-1' }]), { logger });
    expect(await store.collection('services').findOne({})).toEqual({ _id: oid.toHexString(), slug: 'x' });
    expect((await store.collection('services').find({}).toArray()).map((d) => d._id)).toEqual([oid.toHexString(), 'svc-1']);
    expect(logger.lines.filter((l) => String(l.msg).includes('ObjectId'))).toHaveLength(1);
  });

  it('turns a network error into StoreUnavailableError (503) and keeps other server errors as they are', async () => {
    const down = mongoDocumentStore({} as MongoClient, fakeDb([], new MongoNetworkError('connection refused')));
    expect(
      await down
        .collection('services')
        .findOne({})
        .catch((e: unknown) => e),
    ).toBeInstanceOf(StoreUnavailableError);
    expect(
      await down
        .collection('services')
        .find({})
        .toArray()
        .catch((e: unknown) => e),
    ).toBeInstanceOf(StoreUnavailableError);
    const badValue = new MongoServerError({ message: 'Regular expression is invalid', code: 2, codeName: 'BadValue' });
    const bad = mongoDocumentStore({} as MongoClient, fakeDb([], badValue));
    expect(
      await bad
        .collection('services')
        .findOne({})
        .catch((e: unknown) => e),
    ).toBe(badValue);
  });

  it('counts failover and shutdown codes as unavailable, duplicates and BadValue as faults', () => {
    const server = (code: number, codeName: string) => new MongoServerError({ message: codeName, code, codeName });
    expect(isMongoUnavailable(server(10107, 'NotWritablePrimary'))).toBe(true);
    expect(isMongoUnavailable(server(189, 'PrimarySteppedDown'))).toBe(true);
    expect(isMongoUnavailable(server(11000, 'DuplicateKey'))).toBe(false);
    expect(isMongoUnavailable(server(2, 'BadValue'))).toBe(false);
  });
});
