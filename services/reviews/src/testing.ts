import type { BookingFacts, Role } from '@tm/contracts';
import { createManualClock, DomainError, silentLogger } from '@tm/shared';
import type { DocumentStore } from '@tm/shared/store';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { createTestSigner, INTERNAL_CALL_HEADERS, TEST_INTERNAL_CALLERS } from '@tm/shared/testing';
import { createCallerVerifier, type SessionRevocations } from '@tm/shared/tokens/callers';
import { createFixedRevocationView } from '@tm/shared/tokens/revocations';
import { buildParts, createApp } from './app.ts';
import type { ReviewsDeps } from './deps.ts';

// What other workspaces' tests may build of reviews (`@tm/reviews/testing`); nothing here is for production code.
export { buildParts, createApp } from './app.ts';

/**
 * A reviews app as main.ts builds it without MONGODB_URL, on a manual clock, with bookings' facts
 * and auth's names from maps (`bookingsDown` makes bookings unreachable), and a token signer and
 * revocation feed (none revoked unless `revocations` says) standing in for auth. `call` speaks JSON
 * through app.handle.
 */
export async function createReviewsUnderTest(options: { documents?: DocumentStore; revocations?: SessionRevocations; overrides?: Partial<ReviewsDeps> } = {}) {
  const clock = createManualClock(Date.parse('2026-05-01T09:00:00.000Z'));
  const signer = await createTestSigner();
  const bookings = new Map<string, BookingFacts>();
  const names = new Map<string, string>();
  const state = { bookingsDown: false };
  const deps: ReviewsDeps = {
    documents: options.documents ?? createEmbeddedDocumentStore({ clock }),
    tokens: createCallerVerifier({ keys: signer.keys, clock, revocations: options.revocations ?? createFixedRevocationView() }),
    bookings: {
      async facts(id) {
        if (state.bookingsDown) throw new DomainError('SERVICE_UNAVAILABLE', 'Bookings cannot be checked right now');
        return bookings.get(id);
      },
    },
    names: { nameOf: async (userId) => names.get(userId) },
    clock,
    logger: silentLogger,
    internalCallers: TEST_INTERNAL_CALLERS,
    ...options.overrides,
  };
  const parts = buildParts(deps);
  await parts.ensureIndexes();
  const app = createApp(deps, parts);

  let n = 0;
  /** An access token for a new (or named) user of `role`; `pid` for a PM's talent profile. */
  const tokenFor = async (role: Role, sub = `${role}-${++n}`, pid?: string) => ({
    sub,
    token: await signer.accessToken({ sub, role, ...(pid ? { pid } : {}) }, clock.now(), 86_400 * 60),
  });

  const call = async (method: string, path: string, o: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {}) => {
    // A call to /internal/* carries the test caller's credential, as a service's client would (the 401s: tests/e2e/internal-credentials.e2e.test.ts).
    const headers: Record<string, string> = { ...(path.startsWith('/internal/') ? INTERNAL_CALL_HEADERS : {}), ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const body = o.raw ?? (o.body === undefined ? undefined : JSON.stringify(o.body));
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await app.handle(new Request(`http://localhost${path}`, { method, headers, body }));
    const text = await res.text();
    let json: any = {};
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = { raw: text };
    }
    return { status: res.status, body: json, headers: res.headers };
  };

  let bookingSeq = 0;
  /**
   * A booking of svc-1 completed `daysAgo` days ago by `customerId`, assigned to PM profile
   * pm-profile-1 (`over` changes any fact); its id.
   */
  const completedBooking = (customerId: string, over: Partial<BookingFacts> = {}, daysAgo = 1): string => {
    const id = `booking-${++bookingSeq}`;
    const completedAt = new Date(clock.now() - daysAgo * 86_400_000).toISOString();
    bookings.set(id, {
      id,
      number: `TM-${bookingSeq}`,
      status: 'completed',
      market: 'DE',
      customerId,
      pm: { id: 'pm-profile-1', slug: 'ada', name: 'Grace Hopper' },
      serviceIds: ['svc-1'],
      completedAt,
      updatedAt: completedAt,
      ...over,
    });
    return id;
  };

  return { app, deps, parts, clock, bookings, names, state, tokenFor, call, completedBooking };
}

export type ReviewsUnderTest = Awaited<ReturnType<typeof createReviewsUnderTest>>;
