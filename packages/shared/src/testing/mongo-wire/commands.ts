import { type Document, Long, ObjectId } from 'mongodb';
import { type Doc, type DocumentStore, isDuplicateKeyError, type Projection, type Sort } from '../../store/documents.ts';
import type { Cursors } from './cursors.ts';
import type { KeptResults } from './kept-results.ts';

/**
 * The embedded store keeps string ids only; an ObjectId `_id` (a document written by hand, as
 * Compass does) is kept as a tagged string and given back as the ObjectId it was.
 */
const OID = 'oid\u0000';
/** Documents a find reads from the store at a time. */
const READ_CHUNK = 1_000;
const idIn = (doc: Document | undefined): Document | undefined => (doc && doc._id instanceof ObjectId ? { ...doc, _id: OID + doc._id.toHexString() } : doc);
const idOut = (doc: Document): Document =>
  typeof doc._id === 'string' && doc._id.startsWith(OID) ? { ...doc, _id: new ObjectId(doc._id.slice(OID.length)) } : doc;

/** A command the stand-in does not know: answered as MongoDB answers one (CommandNotFound). */
class CommandNotFound extends Error {
  readonly code = 59;
  readonly codeName = 'CommandNotFound';
}

/** A write error entry as the server reports it inside `writeErrors`. */
function writeError(index: number, err: unknown): Document {
  if (isDuplicateKeyError(err)) return { index, code: 11000, errmsg: (err as Error).message };
  throw err;
}

/** Runs one database command against the embedded store, answering with the server's reply shape. */
export async function runCommand(
  name: string,
  body: Document,
  db: DocumentStore,
  state: { indexes: Map<string, Document[]>; cursors: Cursors; kept?: KeptResults },
): Promise<Document> {
  const { indexes, cursors, kept } = state;
  const ns = (key: string) => `${body.$db}.${body[key]}`;
  const coll = (key: string) => db.collection<Doc>(String(body[key]));
  switch (name) {
    case 'ping':
    case 'endSessions':
      return { ok: 1 };
    case 'buildInfo':
      return { version: '7.0.0-standin', versionArray: [7, 0, 0, 0], ok: 1 };
    case 'find': {
      const findNs = `${body.$db}.${body.find}`;
      const options = { batchSize: body.batchSize as number | undefined, singleBatch: body.singleBatch === true };
      // A result kept from the same find, with no write to the collection since: its BSON as it went out.
      const key = kept?.keyOf(findNs, body);
      const hit = key === undefined ? undefined : kept?.get(key);
      if (hit) return cursors.first(findNs, hit as Uint8Array[], options);
      const found = coll('find').find(idIn(body.filter) ?? {}, {
        sort: body.sort as Sort | undefined,
        projection: body.projection as Projection | undefined,
        skip: body.skip as number | undefined,
        // A negative limit (findOne's singleBatch) means "at most that many".
        limit: body.limit === undefined || body.limit === 0 ? undefined : Math.abs(Number(body.limit)),
      });
      // Read from the store a chunk at a time as the batches go out (the cursor holds one chunk).
      const chunks = (async function* () {
        for await (const chunk of found.batches(READ_CHUNK)) yield chunk.map(idOut);
      })();
      return cursors.first(findNs, chunks, { ...options, onBatch: key === undefined ? undefined : kept?.collector(findNs, key) });
    }
    case 'getMore':
      return cursors.more(body.getMore as Long | number, ns('collection'), body.batchSize as number | undefined);
    case 'killCursors':
      return cursors.kill(body.cursors as (Long | number)[]);
    case 'aggregate':
      return aggregateCount(body, db);
    case 'insert': {
      const c = coll('insert');
      const writeErrors: Document[] = [];
      let n = 0;
      for (const [i, doc] of (body.documents as Doc[]).entries()) {
        try {
          await c.insertOne(idIn(doc) as Doc);
          n++;
        } catch (err) {
          writeErrors.push(writeError(i, err));
          if (body.ordered !== false) break;
        }
      }
      return { n, ok: 1, ...(writeErrors.length ? { writeErrors } : {}) };
    }
    case 'update': {
      const c = coll('update');
      let n = 0;
      let nModified = 0;
      const upserted: Document[] = [];
      const writeErrors: Document[] = [];
      for (const [i, u] of (body.updates as Document[]).entries()) {
        try {
          const isReplacement = !Object.keys(u.u ?? {}).some((k) => k.startsWith('$'));
          const res = isReplacement
            ? await c.replaceOne(u.q, u.u, { upsert: u.upsert === true })
            : u.multi
              ? await c.updateMany(u.q, u.u)
              : await c.updateOne(u.q, u.u, { upsert: u.upsert === true });
          n += res.matchedCount + res.upsertedCount;
          nModified += res.modifiedCount;
          if (res.upsertedId !== null) upserted.push({ index: i, _id: res.upsertedId });
        } catch (err) {
          writeErrors.push(writeError(i, err));
          break;
        }
      }
      return { n, nModified, ok: 1, ...(upserted.length ? { upserted } : {}), ...(writeErrors.length ? { writeErrors } : {}) };
    }
    case 'delete': {
      const c = coll('delete');
      let n = 0;
      for (const d of body.deletes as Document[]) n += (d.limit === 1 ? await c.deleteOne(d.q) : await c.deleteMany(d.q)).deletedCount;
      return { n, ok: 1 };
    }
    case 'findAndModify': {
      if (body.remove) throw new CommandNotFound('findAndModify with remove is not emulated');
      const c = coll('findAndModify');
      const before = await c.findOne(body.query ?? {}, { sort: body.sort });
      try {
        const value = await c.findOneAndUpdate(body.query ?? {}, body.update, {
          upsert: body.upsert === true,
          returnDocument: body.new ? 'after' : 'before',
          sort: body.sort,
          projection: body.fields,
        });
        const upserted = before === null && body.upsert === true;
        return {
          value,
          lastErrorObject: { n: value || upserted ? 1 : 0, updatedExisting: before !== null, ...(upserted && value ? { upserted: value._id } : {}) },
          ok: 1,
        };
      } catch (err) {
        if (isDuplicateKeyError(err)) return { ok: 0, code: 11000, codeName: 'DuplicateKey', errmsg: (err as Error).message };
        throw err;
      }
    }
    case 'createIndexes': {
      const c = coll('createIndexes');
      const known = indexes.get(ns('createIndexes')) ?? [];
      for (const ix of body.indexes as Document[]) {
        const { key, name: ixName, unique, sparse, expireAfterSeconds, weights, default_language } = ix;
        await c.createIndex(key, { name: ixName, unique, sparse, expireAfterSeconds, weights, default_language });
        if (!known.some((k) => k.name === ixName)) known.push({ v: 2, ...ix });
      }
      indexes.set(ns('createIndexes'), known);
      return { ok: 1, createdCollectionAutomatically: false, numIndexesBefore: 1, numIndexesAfter: 1 + (body.indexes as Document[]).length };
    }
    case 'listIndexes':
      return cursorReply(ns('listIndexes'), [{ v: 2, key: { _id: 1 }, name: '_id_' }, ...(indexes.get(ns('listIndexes')) ?? [])]);
    case 'dropIndexes': {
      // Forgotten by listIndexes only: the embedded store keeps enforcing what it was given.
      const known = indexes.get(ns('dropIndexes')) ?? [];
      indexes.set(
        ns('dropIndexes'),
        known.filter((ix) => ix.name !== body.index),
      );
      return { nIndexesWas: known.length + 1, ok: 1 };
    }
    default:
      throw new CommandNotFound(`no such command: '${name}' (not emulated by the stand-in)`);
  }
}

/**
 * countDocuments: the driver sends `[{$match}, {$skip}?, {$limit}?, {$group: {_id: 1, n: {$sum: 1}}}]`.
 * Only that pipeline is emulated.
 */
async function aggregateCount(body: Document, db: DocumentStore): Promise<Document> {
  const pipeline = body.pipeline as Document[];
  const group = pipeline.at(-1)?.$group;
  if (!group || pipeline.some((s) => !('$match' in s || '$skip' in s || '$limit' in s || '$group' in s))) {
    throw new CommandNotFound('only the countDocuments pipeline is emulated');
  }
  const match = pipeline.find((s) => '$match' in s)?.$match ?? {};
  const skip = Number(pipeline.find((s) => '$skip' in s)?.$skip ?? 0);
  const limit = pipeline.find((s) => '$limit' in s)?.$limit;
  const all = await db.collection<Doc>(String(body.aggregate)).countDocuments(match);
  const n = Math.max(0, Math.min(all - skip, limit === undefined ? Number.POSITIVE_INFINITY : Number(limit)));
  return cursorReply(`${body.$db}.${body.aggregate}`, n === 0 ? [] : [{ _id: 1, n }]);
}

/** A cursor reply holding every result in its first batch (id 0: nothing left to get). */
function cursorReply(ns: string, docs: Document[]): Document {
  return { cursor: { firstBatch: docs, id: Long.fromNumber(0), ns }, ok: 1 };
}
