/**
 * A service inserted by hand (Compass, the Atlas UI) gets an ObjectId _id. Through the real
 * driver (over the wire-level stand-in), the catalog lists it with its id's hex string instead of
 * answering every caller whose page holds it 400 VALIDATION_FAILED.
 */
import { afterAll, describe, expect, it } from 'bun:test';
import { ObjectId, openStandInDatabase, startMongoWireStandIn } from '@tm/shared/testing';
import { createTestCatalog } from '../test-support.ts';

const standIn = startMongoWireStandIn();
const db = openStandInDatabase(standIn, 'catalog_hand');
afterAll(async () => {
  await db.close();
  await standIn.stop();
});

describe('a service inserted by hand with an ObjectId _id', () => {
  it('is listed by GET /services with its hex id, and the page answers 200', async () => {
    const { json } = await createTestCatalog({ documents: db.store, lazy: true });
    const services = db.raw.collection('services');
    const template = await services.findOne({});
    if (!template) throw new Error('the seed holds no service');
    const oid = new ObjectId();
    await services.insertOne({ ...template, _id: oid, slug: 'hand-made-service' });

    const seen: string[] = [];
    for (let page = 1; page <= 10; page++) {
      const { res, body } = await json(`/services?limit=100&page=${page}`);
      expect(res.status).toBe(200);
      seen.push(...body.data.map((s: { _id: string }) => s._id));
      if (body.data.length < 100) break;
    }
    expect(seen).toContain(oid.toHexString());
  });
});
