/**
 * bench:scale's database for the production-shaped run: the wire-level MongoDB stand-in (the
 * embedded store behind OP_MSG, @tm/shared/testing) on PORT, in its own process, so the services
 * reach their data through the real driver as they do on MongoDB, and the data's memory and
 * garbage collection live in this process, not theirs. No command log (it would grow). Whole
 * find results are kept as the BSON sent, up to 512 MiB (kept-results.ts), as a server's cache
 * would serve them: a service restarting reads its snapshot without the stand-in decoding and
 * encoding 100k documents again, so start-up figures measure the service and the driver.
 */
import { startMongoWireStandIn } from '@tm/shared/testing';

const standIn = startMongoWireStandIn({ port: Number(process.env.PORT), record: false, keepResultsBytes: 512 * 2 ** 20 });
console.log(JSON.stringify({ msg: 'listening', url: standIn.url }));
