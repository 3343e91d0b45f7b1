/** `bun run seed`: loads the seed catalog into MONGODB_URL's database (its path, else `catalog`), safe to run again. */
import { connectMongoDocumentStore, mongoDatabaseName } from '@tm/shared/store/mongo';
import { seedServices } from '../seed/seed.ts';

const url = process.env.MONGODB_URL;
if (!url) {
  // Not an error: `bun run seed` at the root runs in every workspace, with or without MongoDB.
  console.log('MONGODB_URL is not set: the embedded store seeds itself at start, so there is nothing to do.');
  process.exit(0);
}
const store = await connectMongoDocumentStore(url, { dbName: mongoDatabaseName(url, 'catalog') });
try {
  const r = await seedServices(store);
  console.log(JSON.stringify({ msg: 'seeded services', ...r }));
} finally {
  await store.close();
}
