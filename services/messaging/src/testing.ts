import type { BookingFacts, BookingStatus } from '@tm/contracts';
import { createManualClock, silentLogger } from '@tm/shared';
import type { DocumentStore, KeyValueStore } from '@tm/shared/store';
import { createEmbeddedDocumentStore, createEmbeddedKeyValueStore } from '@tm/shared/store/embedded';
import { createTestCaller, createTestSigner, TEST_INTERNAL_CALLERS } from '@tm/shared/testing';
import { createCallerVerifier, type SessionRevocations } from '@tm/shared/tokens/callers';
import { createFixedRevocationView } from '@tm/shared/tokens/revocations';
import { createApp, ensureMessagingIndexes } from './app.ts';
import type { BookingsPort } from './chat/access.ts';
import { createMemoryNotices, type Notices } from './stream/notices.ts';

// What other workspaces' tests may build of messaging (`@tm/messaging/testing`); nothing here is for production code.
export { createApp } from './app.ts';
export { readStream, type StreamEvent } from './testing/sse.ts';

/** Bookings as a map the test changes: facts by booking id; `down` makes every read fail (bookings unreachable). */
export function createFakeBookings() {
  const facts = new Map<string, BookingFacts>();
  const port: BookingsPort & { facts: BookingsPort['facts']; down: boolean; reads: number } = {
    down: false,
    reads: 0,
    async facts(id) {
      port.reads++;
      if (port.down) throw new Error('bookings unreachable (test)');
      const f = facts.get(id);
      return f ? structuredClone(f) : undefined;
    },
  };
  return { port, facts };
}

export interface MessagingUnderTestOptions {
  documents?: DocumentStore;
  keyValue?: KeyValueStore;
  notices?: Notices;
  heartbeatMs?: number;
  gapWaitMs?: number;
  perMinute?: number;
  factsFreshMs?: number;
  /** Shared signing keys (two apps that must accept each other's tokens). */
  signing?: Awaited<ReturnType<typeof createSigning>>;
  bookings?: ReturnType<typeof createFakeBookings>;
  /** Auth's revocation feed as this process's copy holds it (default: nothing revoked, always fresh). */
  revocations?: SessionRevocations;
}

/** An Ed25519 key pair standing in for auth's: `tokenFor` signs access tokens, `keys` verifies them. */
export async function createSigning() {
  const { keys, accessToken } = await createTestSigner();
  const tokenFor = (sub: string, role = 'customer', extra: { pid?: string } = {}, nowMs = Date.now()) => accessToken({ sub, role, ...extra }, nowMs, 3600);
  return { keys, tokenFor };
}

/** A booking's facts as bookings answers them; `over` changes any field. */
export function bookingFacts(id: string, over: Partial<BookingFacts> & { status?: BookingStatus } = {}): BookingFacts {
  return {
    id,
    number: `BK-${id
      .toUpperCase()
      .replace(/[^0-9A-Z]/g, '')
      .padEnd(8, 'X')
      .slice(0, 8)}`,
    status: 'paid',
    market: 'DE',
    customerId: 'cust-1',
    pm: { id: 'pm-ana', slug: 'ana', name: 'Ana Silva' },
    serviceIds: ['react-developer'],
    completedAt: null,
    updatedAt: new Date().toISOString(),
    ...over,
  };
}

/** Messaging over embedded stores with fake bookings, its own signing key, a request helper and tokens for the usual cast. */
export async function createMessagingUnderTest(options: MessagingUnderTestOptions = {}) {
  const documents = options.documents ?? createEmbeddedDocumentStore();
  const keyValue = options.keyValue ?? createEmbeddedKeyValueStore();
  const notices = options.notices ?? createMemoryNotices();
  const clock = createManualClock(Date.now());
  const signing = options.signing ?? (await createSigning());
  const bookings = options.bookings ?? createFakeBookings();
  await ensureMessagingIndexes(documents);
  const app = createApp({
    documents,
    keyValue,
    logger: silentLogger,
    internalCallers: TEST_INTERNAL_CALLERS,
    clock,
    callers: createCallerVerifier({ keys: signing.keys, clock, revocations: options.revocations ?? createFixedRevocationView() }),
    bookings: bookings.port,
    notices,
    siteUrl: 'https://tm.example',
    heartbeatMs: options.heartbeatMs ?? 8000,
    gapWaitMs: options.gapWaitMs ?? 500,
    perMinute: options.perMinute ?? 20,
    factsFreshMs: options.factsFreshMs ?? 5000,
  });
  const tokens = {
    customer: await signing.tokenFor('cust-1', 'customer', {}, clock.now()),
    pm: await signing.tokenFor('user-ana', 'pm', { pid: 'pm-ana' }, clock.now()),
    admin: await signing.tokenFor('admin-1', 'admin', {}, clock.now()),
    stranger: await signing.tokenFor('cust-2', 'customer', {}, clock.now()),
    otherPm: await signing.tokenFor('user-bo', 'pm', { pid: 'pm-bo' }, clock.now()),
  };
  const call = createTestCaller(app);
  /** Adds a booking bookings knows (paid, customer cust-1, PM Ana, unless `over` says otherwise). */
  const addBooking = (id: string, over: Partial<BookingFacts> = {}) => {
    bookings.facts.set(id, bookingFacts(id, over));
    return bookings.facts.get(id) as BookingFacts;
  };
  return { app, documents, keyValue, notices, clock, call, tokens, signing, bookings, addBooking };
}

export type MessagingUnderTest = Awaited<ReturnType<typeof createMessagingUnderTest>>;
