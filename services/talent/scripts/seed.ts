/**
 * `bun run seed`: creates the indexes and inserts the seed profiles missing from MONGODB_URL's
 * database (its path, else `talent`). Idempotent: profiles already stored, edited or not, are left as they are.
 * (The embedded store needs no script: the service seeds it at every start.)
 */
import { connectMongoDocumentStore, mongoDatabaseName } from '@tm/shared/store/mongo';
import { createProfileRepository } from '../src/profiles/repository.ts';
import { prepareProfileStore } from '../src/profiles/seed.ts';

const url = process.env.MONGODB_URL;
if (!url) {
  // Nothing to do is not a failure: `bun run seed` at the root runs every workspace's seed.
  console.log('MONGODB_URL is not set: nothing to seed (the embedded store seeds itself at start)');
  process.exit(0);
}
const documents = await connectMongoDocumentStore(url, { dbName: mongoDatabaseName(url, 'talent') });
try {
  const { seeded } = await prepareProfileStore(createProfileRepository(documents), { seed: true });
  console.log(JSON.stringify({ level: 'info', service: 'talent', msg: 'seeded', profiles: seeded }));
} finally {
  await documents.close();
}
