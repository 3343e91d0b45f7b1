import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { type ContentUnderTest, createContentUnderTest } from '@tm/content/testing';
import { createManualClock, type DomainError, silentLogger } from '@tm/shared';
import { freePort, TEST_SERVICE_CREDENTIAL } from '@tm/shared/testing';
import { createHttpLegal } from './legal-port.ts';

let content: ContentUnderTest;
let server: { stop(force?: boolean): unknown; server: { port?: number } | null };
let requests: string[];
let baseUrl: string;
beforeAll(async () => {
  content = await createContentUnderTest();
  requests = [];
  server = content.app.onRequest(({ request }) => void requests.push(new URL(request.url).pathname)).listen({ hostname: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${server.server?.port}`;
});
afterAll(() => server.stop(true));

const codeOf = async (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: DomainError) => e.code,
  );

describe("bookings' legal port against a real content service", () => {
  it('reads the version in effect once per 60 s at most, per market', async () => {
    const clock = createManualClock(Date.now());
    const legal = createHttpLegal({ baseUrl, timeoutMs: 2000, logger: silentLogger, credential: TEST_SERVICE_CREDENTIAL, clock });
    requests.length = 0;
    expect(await legal.termsInEffect('DE')).toBe(1);
    expect(await legal.termsInEffect('DE')).toBe(1);
    clock.advance(59_999);
    expect(await legal.termsInEffect('DE')).toBe(1);
    expect(requests.filter((p) => p.endsWith('/current'))).toHaveLength(1);
    clock.advance(1);
    await legal.termsInEffect('DE');
    await legal.termsInEffect('IN');
    expect(requests.filter((p) => p.endsWith('/current'))).toHaveLength(3);
    // A longer cache asked for is cut to 60 s.
    const long = createHttpLegal({ baseUrl, timeoutMs: 2000, logger: silentLogger, credential: TEST_SERVICE_CREDENTIAL, clock, cacheMs: 3_600_000 });
    await long.termsInEffect('AU');
    clock.advance(60_000);
    await long.termsInEffect('AU');
    expect(requests.filter((p) => p.endsWith('/current'))).toHaveLength(5);
  });

  it('records an acceptance made at checkout, after which the person counts as having accepted', async () => {
    const legal = createHttpLegal({
      baseUrl,
      timeoutMs: 2000,
      logger: silentLogger,
      credential: TEST_SERVICE_CREDENTIAL,
      clock: createManualClock(Date.now()),
    });
    expect(await legal.hasAcceptedTerms('u-7', 'AE', 1)).toBe(false);
    await legal.recordTermsAcceptance({ userId: 'u-7', role: 'guest', market: 'AE', version: 1, lang: 'ar', ip: '192.0.2.4', userAgent: 'UA' });
    expect(await legal.hasAcceptedTerms('u-7', 'AE', 1)).toBe(true);
    const stored = await content.documents.collection('legal_acceptances').findOne({ userId: 'u-7' });
    expect(stored).toMatchObject({ source: 'checkout', ip: '192.0.2.4', userAgent: 'UA', lang: 'ar', role: 'guest' });
    expect(await codeOf(legal.recordTermsAcceptance({ userId: 'u-7', role: 'guest', market: 'AE', version: 2, lang: 'ar' }))).toBe('LEGAL_VERSION_NOT_CURRENT');
  });

  it('answers 503 SERVICE_UNAVAILABLE when content is unreachable and nothing is cached, and keeps a fresh cached version', async () => {
    const clock = createManualClock(Date.now());
    const down = createHttpLegal({ baseUrl: `http://127.0.0.1:${freePort()}`, timeoutMs: 500, logger: silentLogger, clock });
    expect(await codeOf(down.termsInEffect('IN'))).toBe('SERVICE_UNAVAILABLE');
    expect(await codeOf(down.hasAcceptedTerms('u', 'IN', 1))).toBe('SERVICE_UNAVAILABLE');
    expect(await codeOf(down.recordTermsAcceptance({ userId: 'u', role: 'customer', market: 'IN', version: 1, lang: 'en' }))).toBe('SERVICE_UNAVAILABLE');
  });
});
