import { describe, expect, it } from 'bun:test';
import { createMemoryLogger } from '@tm/shared';
import { waitFor } from '@tm/shared/testing';
import { createSessionRepository } from '../sessions/session-repository.ts';
import { createAuthUnderTest } from '../testing/auth-under-test.ts';
import { REVOCATION_OVERLAP_MS, REVOCATION_RELEVANCE_MS, readRevocations } from './feed.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('the revocation feed', () => {
  it('names a signed-out session with the time its access tokens run out, and not a live one', async () => {
    const { call, clock } = await createAuthUnderTest();
    const out = (await call('POST', '/auth/guest-access')).body.data;
    const live = (await call('POST', '/auth/guest-access')).body.data;
    const outSid = (await call('GET', '/account/me', { headers: bearer(out.accessToken) })).body.data.sessionId;
    const liveSid = (await call('GET', '/account/me', { headers: bearer(live.accessToken) })).body.data.sessionId;
    await call('POST', '/account/sign-out', { headers: bearer(out.accessToken) });
    const res = await call('GET', '/internal/revocations?since=0');
    expect(res.status).toBe(200);
    expect(res.body.data.revoked).toEqual([{ sid: outSid, until: clock.now() + REVOCATION_RELEVANCE_MS }]);
    expect(res.body.data.revoked.map((r: { sid: string }) => r.sid)).not.toContain(liveSid);
    expect(res.body.data).toMatchObject({ more: false, next: clock.now() - REVOCATION_OVERLAP_MS });
  });

  it('forgets revocations older than an access token can live', async () => {
    const { call, clock } = await createAuthUnderTest();
    const s = (await call('POST', '/auth/guest-access')).body.data;
    await call('POST', '/account/sign-out', { headers: bearer(s.accessToken) });
    clock.advance(REVOCATION_RELEVANCE_MS + 1);
    expect((await call('GET', '/internal/revocations?since=0')).body.data.revoked).toEqual([]);
  });

  it('pages a long feed from the last entry it gave', async () => {
    const { deps, clock } = await createAuthUnderTest();
    const repo = createSessionRepository(deps.documents);
    const base = clock.now();
    for (let i = 0; i < 5; i++) {
      await repo.insert({
        _id: `s${i}`,
        subjectId: 'u',
        subjectKind: 'guest',
        role: 'guest',
        refreshJti: 'j',
        createdAt: new Date(base),
        expiresAt: new Date(base + 60_000),
        revokedAt: new Date(base + i),
      });
    }
    const first = await readRevocations(repo, 0, base + 10, 3);
    expect(first.revoked.map((r) => r.sid)).toEqual(['s0', 's1', 's2']);
    expect(first.more).toBe(true);
    const second = await readRevocations(repo, first.next, base + 10, 3);
    expect(second.revoked.map((r) => r.sid)).toEqual(['s2', 's3', 's4']);
  });

  it('answers 400 VALIDATION_FAILED for a since that is not a non-negative integer', async () => {
    const { call } = await createAuthUnderTest();
    for (const since of ['x', '-1', '1.5']) expect((await call('GET', `/internal/revocations?since=${since}`)).body.error?.code).toBe('VALIDATION_FAILED');
  });
});

describe('the revocation feed in the log', () => {
  const feedLines = (lines: Record<string, unknown>[]) => lines.filter((l) => l.msg === 'request' && l.path === '/internal/revocations');

  it('is polled by every gateway each second, so its answers are logged at debug: nothing at the default level', async () => {
    const { call, logger } = await createAuthUnderTest();
    for (let i = 0; i < 5; i++) expect((await call('GET', `/internal/revocations?since=${i}`)).status).toBe(200);
    await call('GET', '/internal/revocations?since=x');
    await waitFor('the refused poll logged', () => feedLines(logger.lines).length === 1);
    expect(feedLines(logger.lines).map((l) => [l.status, l.level])).toEqual([[400, 'info']]);
  });

  it('shows each poll with LOG_LEVEL=debug', async () => {
    const logger = createMemoryLogger('auth', 'debug');
    const { call } = await createAuthUnderTest({ logger });
    for (let i = 0; i < 3; i++) await call('GET', `/internal/revocations?since=${i}`);
    await waitFor('three polls logged', () => feedLines(logger.lines).length === 3);
    expect(feedLines(logger.lines).map((l) => [l.status, l.level])).toEqual([
      [200, 'debug'],
      [200, 'debug'],
      [200, 'debug'],
    ]);
  });
});
