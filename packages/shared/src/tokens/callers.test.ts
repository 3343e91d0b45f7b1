import { afterAll, describe, expect, it } from 'bun:test';
import { createManualClock, DomainError } from '../core/index.ts';
import { createTestSigner, revokedSessionsView } from '../testing/token-signer.ts';
import { createCallerVerifier } from './callers.ts';
import { ACCESS_TTL_S, KEEP_VERDICT_AT_MOST_MS, TOKEN_LEEWAY_S } from './claims.ts';
import { createFixedRevocationView } from './revocations.ts';

const signer = await createTestSigner();
const revoked = await revokedSessionsView(['s-gone']);
afterAll(() => revoked.stop());
const clock = createManualClock(Date.now());
const callers = createCallerVerifier({ keys: signer.keys, clock, revocations: revoked.view });
const bearer = async (sub: string, role = 'customer', extra: { pid?: string } = {}) =>
  `Bearer ${await signer.accessToken({ sub, role, ...extra }, clock.now())}`;

/** The code a rejected promise throws (a DomainError's), or 'none'. */
async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'none';
  } catch (err) {
    if (err instanceof DomainError) return err.code;
    throw err;
  }
}

describe('createCallerVerifier', () => {
  it('reads the caller of a live session, with its talent profile id', async () => {
    expect(await callers.optionalCaller(await bearer('ana', 'pm', { pid: 'pm-ana' }))).toEqual({ sub: 'ana', role: 'pm', pid: 'pm-ana' });
    expect(await callers.caller(await bearer('bo'))).toEqual({ sub: 'bo', role: 'customer' });
    expect(await callers.admin(await bearer('root', 'admin'))).toEqual({ sub: 'root', role: 'admin' });
  });

  it('has no caller without a header, and 401 where one is required', async () => {
    expect(await callers.optionalCaller(null)).toBeUndefined();
    expect(await codeOf(callers.caller(null))).toBe('UNAUTHORIZED');
    expect(await codeOf(callers.admin(null))).toBe('UNAUTHORIZED');
  });

  it('answers 401 for a header that is not a valid access token, and 403 for a non-admin on admin operations', async () => {
    for (const header of ['Basic abc', 'Bearer ', 'Bearer not.a.token', `${await bearer('x')}x`])
      expect(await codeOf(callers.optionalCaller(header))).toBe('UNAUTHORIZED');
    const expired = `Bearer ${await signer.accessToken({ sub: 'old', role: 'customer' }, clock.now() - 3_600_000)}`;
    expect(await codeOf(callers.optionalCaller(expired))).toBe('UNAUTHORIZED');
    expect(await codeOf(callers.admin(await bearer('pm-1', 'pm')))).toBe('FORBIDDEN');
  });

  it("refuses a revoked session's token with 401 although its signature holds", async () => {
    const token = await bearer('gone');
    for (const read of [callers.optionalCaller, callers.caller, callers.admin]) expect(await codeOf(read(token))).toBe('UNAUTHORIZED');
  });

  it('answers 503 while the copy of the feed is too old to tell, and when the keys cannot be fetched', async () => {
    const stale = createCallerVerifier({ keys: signer.keys, clock, revocations: { isRevoked: () => false, isFresh: () => false } });
    expect(await codeOf(stale.optionalCaller(await bearer('ana')))).toBe('UPSTREAM_UNAVAILABLE');
    expect(await stale.optionalCaller(null)).toBeUndefined();
    const keysAway = createCallerVerifier({
      keys: async () => {
        throw new Error('JWKS unreachable');
      },
      clock,
      revocations: createFixedRevocationView(),
    });
    expect(await codeOf(keysAway.optionalCaller(await bearer('ana')))).toBe('UPSTREAM_UNAVAILABLE');
  });
});

describe('kept verdicts', () => {
  it('verify each valid token once, keep at most keptTokens of them (least recently used out first), and keep no invalid one', async () => {
    let verifications = 0;
    const counted: typeof signer.keys = (...args) => {
      verifications++;
      return signer.keys(...args);
    };
    const kept = createCallerVerifier({ keys: counted, clock, revocations: { isRevoked: () => false, isFresh: () => true }, keptTokens: 2 });
    const [a, b, c] = await Promise.all([bearer('a'), bearer('b', 'admin'), bearer('c', 'pm')]);
    expect(await kept.optionalCaller(a)).toEqual({ sub: 'a', role: 'customer' });
    expect(await kept.optionalCaller(a)).toEqual({ sub: 'a', role: 'customer' });
    expect(verifications).toBe(1);
    await kept.optionalCaller(b);
    await kept.optionalCaller(a); // a is now the most recently used
    await kept.optionalCaller(c); // over two: b goes
    expect(verifications).toBe(3);
    await kept.optionalCaller(a);
    await kept.optionalCaller(c);
    expect(verifications).toBe(3);
    await kept.optionalCaller(b);
    expect(verifications).toBe(4);
    const forged = `${a.slice(0, -4)}AAAA`;
    for (let i = 0; i < 2; i++) expect(await codeOf(kept.optionalCaller(forged))).toBe('UNAUTHORIZED');
    expect(verifications).toBe(6);
  });

  it('verify a new token once for 20 parallel first checks (all answered alike), and a bad one once for 20 parallel 401s', async () => {
    let verifications = 0;
    const counted: typeof signer.keys = (...args) => {
      verifications++;
      return signer.keys(...args);
    };
    const kept = createCallerVerifier({ keys: counted, clock, revocations: { isRevoked: () => false, isFresh: () => true } });
    const token = await bearer('together', 'pm', { pid: 'pm-t' });
    const callers = await Promise.all(Array.from({ length: 20 }, () => kept.optionalCaller(token)));
    expect(callers).toEqual(Array.from({ length: 20 }, () => ({ sub: 'together', role: 'pm', pid: 'pm-t' })));
    expect(verifications).toBe(1);
    const forged = `${token.slice(0, -4)}AAAA`;
    const codes = await Promise.all(Array.from({ length: 20 }, () => codeOf(kept.optionalCaller(forged))));
    expect(new Set(codes)).toEqual(new Set(['UNAUTHORIZED']));
    expect(verifications).toBe(2);
    // Nothing is left waiting: the next check of the bad token verifies again (invalid verdicts are not kept).
    expect(await codeOf(kept.optionalCaller(forged))).toBe('UNAUTHORIZED');
    expect(verifications).toBe(3);
  });

  it('hold through the leeway the verification grants past the expiry, verified once, and no further', async () => {
    let verifications = 0;
    const counted: typeof signer.keys = (...args) => {
      verifications++;
      return signer.keys(...args);
    };
    const own = createManualClock(Date.now());
    const kept = createCallerVerifier({ keys: counted, clock: own, revocations: { isRevoked: () => false, isFresh: () => true } });
    const token = `Bearer ${await signer.accessToken({ sub: 'lee', role: 'customer' }, own.now(), 60)}`;
    expect(await kept.caller(token)).toEqual({ sub: 'lee', role: 'customer' });
    // Past its expiry, within the leeway: still valid, from memory.
    own.advance(90_000);
    for (let i = 0; i < 3; i++) expect(await kept.caller(token)).toEqual({ sub: 'lee', role: 'customer' });
    expect(verifications).toBe(1);
    own.advance((TOKEN_LEEWAY_S - 30) * 1000 + 1_000);
    expect(await codeOf(kept.caller(token))).toBe('UNAUTHORIZED');
  });

  it('never outlive the token, and still ask the revocation view on every call', async () => {
    const gone = new Set<string>();
    const own = createManualClock(Date.now());
    const kept = createCallerVerifier({ keys: signer.keys, clock: own, revocations: { isRevoked: (sid) => gone.has(sid), isFresh: () => true } });
    const claims = { sub: 'kim', role: 'customer' };
    const token = `Bearer ${await signer.accessToken(claims, own.now())}`;
    expect(await kept.caller(token)).toEqual({ sub: 'kim', role: 'customer' });
    own.advance(3_600_000);
    expect(await codeOf(kept.caller(token))).toBe('UNAUTHORIZED');
    const fresh = `Bearer ${await signer.accessToken(claims, own.now())}`;
    expect(await kept.caller(fresh)).toEqual({ sub: 'kim', role: 'customer' });
    const payload = JSON.parse(Buffer.from(fresh.split('.')[1] as string, 'base64url').toString()) as { sid: string };
    gone.add(payload.sid);
    expect(await codeOf(kept.caller(fresh))).toBe('UNAUTHORIZED');
  });
});

describe('publicCaller', () => {
  it('reads a live caller, and no caller while the token cannot be checked (feed too old, keys away); an invalid or revoked token is still 401', async () => {
    expect(await callers.publicCaller(await bearer('ana'))).toEqual({ sub: 'ana', role: 'customer' });
    expect(await callers.publicCaller(null)).toBeUndefined();
    expect(await codeOf(callers.publicCaller('Bearer not.a.token'))).toBe('UNAUTHORIZED');
    expect(await codeOf(callers.publicCaller(await bearer('gone')))).toBe('UNAUTHORIZED');
    const stale = createCallerVerifier({ keys: signer.keys, clock, revocations: { isRevoked: () => false, isFresh: () => false } });
    expect(await stale.publicCaller(await bearer('ana'))).toBeUndefined();
    expect(await codeOf(stale.optionalCaller(await bearer('ana')))).toBe('UPSTREAM_UNAVAILABLE');
    expect(await codeOf(stale.caller(await bearer('ana')))).toBe('UPSTREAM_UNAVAILABLE');
    const keysAway = createCallerVerifier({
      keys: async () => {
        throw new Error('JWKS unreachable');
      },
      clock,
      revocations: revoked.view,
    });
    expect(await keysAway.publicCaller(await bearer('ana'))).toBeUndefined();
  });
});

describe('a kept verdict', () => {
  it('lives no longer than an access token, whatever the token says of its expiry (a key withdrawn stops counting)', async () => {
    let verifications = 0;
    const own = createManualClock(Date.now());
    const counted: typeof signer.keys = (...args) => {
      verifications++;
      return signer.keys(...args);
    };
    const kept = createCallerVerifier({ keys: counted, clock: own, revocations: { isRevoked: () => false, isFresh: () => true } });
    // Valid for a day: auth issues none such (ACCESS_TTL_S), only a leaked key could sign it.
    const longLived = `Bearer ${await signer.accessToken({ sub: 'far', role: 'customer' }, own.now(), 86_400)}`;
    expect(ACCESS_TTL_S).toBeLessThan(86_400);
    expect(await kept.caller(longLived)).toEqual({ sub: 'far', role: 'customer' });
    own.advance(KEEP_VERDICT_AT_MOST_MS - 1_000);
    await kept.caller(longLived);
    expect(verifications).toBe(1);
    own.advance(2_000);
    await kept.caller(longLived).catch(() => undefined);
    expect(verifications).toBe(2);
  });
});
