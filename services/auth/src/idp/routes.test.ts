import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createHmac } from 'node:crypto';
import { createManualClock } from '@tm/shared';
import { exportSPKI } from 'jose';
import { createAuthUnderTest } from '../testing/auth-under-test.ts';
import { startIdp } from '../testing/peers.ts';
import { createJoseIdTokenVerifier } from './idp-verifier.ts';

const ISSUER = 'https://idp.example.test';
let idp: Awaited<ReturnType<typeof startIdp>>;
beforeAll(async () => {
  idp = await startIdp({ issuer: ISSUER, audience: 'talent-marketplace-web' });
});
afterAll(() => idp.stop());

async function setup() {
  const clock = createManualClock(Date.now());
  const idpVerifier = createJoseIdTokenVerifier({
    jwksUrl: idp.jwksUrl,
    issuers: ['https://other.example.test', ISSUER],
    audience: idp.audience,
    clock,
    timeoutMs: 2000,
    cooldownMs: 0,
  });
  const withIdp = await createAuthUnderTest({ clock, idp: idpVerifier });
  const nowS = () => Math.floor(withIdp.clock.now() / 1000);
  const signIn = (idToken: string) => withIdp.call('POST', '/auth/idp-signin', { body: { idToken } });
  return { ...withIdp, nowS, signIn };
}

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe('identity-provider sign-in', () => {
  it('signs in a customer keyed by issuer and subject, the same one each time', async () => {
    const { signIn, nowS, call } = await setup();
    const sub = crypto.randomUUID();
    const first = await signIn(await idp.mint({ sub, email: 'Ada@Example.com', email_verified: true }, { nowS: nowS() }));
    expect(first.status).toBe(200);
    expect(first.body.data.user.role).toBe('customer');
    const again = await signIn(await idp.mint({ sub }, { nowS: nowS() }));
    expect(again.body.data.user.id).toBe(first.body.data.user.id);
    const me = await call('GET', '/account/me', { headers: { authorization: `Bearer ${first.body.data.accessToken}` } });
    expect(me.body.data.email).toBe('ada@example.com');
  });

  it('links a second identity to the customer with the same verified email', async () => {
    const { signIn, nowS } = await setup();
    const email = `${crypto.randomUUID()}@example.com`;
    const a = await signIn(await idp.mint({ sub: 'a', email, email_verified: true }, { nowS: nowS() }));
    const b = await signIn(await idp.mint({ iss: 'https://other.example.test', sub: 'a', email, email_verified: true }, { nowS: nowS() }));
    expect(b.status).toBe(200);
    expect(b.body.data.user.id).toBe(a.body.data.user.id);
  });

  it('refuses a first sign-in with an unverified email with 400 EMAIL_NOT_VERIFIED, and never links by it', async () => {
    const { signIn, nowS } = await setup();
    const email = `${crypto.randomUUID()}@example.com`;
    const owner = await signIn(await idp.mint({ sub: 'owner', email, email_verified: true }, { nowS: nowS() }));
    const res = await signIn(await idp.mint({ sub: 'intruder', email, email_verified: false }, { nowS: nowS() }));
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('EMAIL_NOT_VERIFIED');
    expect(owner.status).toBe(200);
  });

  it('refetches the JWKS when a token names a new key (rotation)', async () => {
    const { signIn, nowS } = await setup();
    await signIn(await idp.mint({ sub: 'r1' }, { nowS: nowS() }));
    const rotated = await idp.makeKey(`idp-key-${crypto.randomUUID()}`);
    idp.publish(rotated);
    const before = idp.jwksFetches;
    const res = await signIn(await idp.mint({ sub: 'r2' }, { nowS: nowS(), key: rotated }));
    expect(res.status).toBe(200);
    expect(idp.jwksFetches).toBeGreaterThan(before);
  });

  const rejections: [string, (ctx: { nowS: number }) => Promise<string>][] = [
    ['a wrong issuer', ({ nowS }) => idp.mint({ sub: 'x', iss: 'https://evil.example.test' }, { nowS })],
    ['a wrong audience', ({ nowS }) => idp.mint({ sub: 'x', aud: 'someone-else' }, { nowS })],
    ['an expired token (beyond the 300 s leeway)', ({ nowS }) => idp.mint({ sub: 'x' }, { nowS: nowS - 1000, ttlS: 600 })],
    ['an unknown kid', async ({ nowS }) => idp.mint({ sub: 'x' }, { nowS, key: await idp.makeKey('never-published') })],
    ['alg none', async ({ nowS }) => `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ iss: ISSUER, aud: idp.audience, sub: 'x', iat: nowS, exp: nowS + 600 })}.`],
    [
      'HS256 signed with the public key',
      async ({ nowS }) => {
        const header = b64({ alg: 'HS256', typ: 'JWT', kid: idp.firstKey.kid });
        const payload = b64({ iss: ISSUER, aud: idp.audience, sub: 'x', iat: nowS, exp: nowS + 600 });
        const pem = await exportSPKI(
          await crypto.subtle.importKey('jwk', idp.firstKey.publicJwk as JsonWebKey, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, true, ['verify']),
        );
        const sig = createHmac('sha256', pem).update(`${header}.${payload}`).digest('base64url');
        return `${header}.${payload}.${sig}`;
      },
    ],
    ['a token without a subject', ({ nowS }) => idp.mint({}, { nowS })],
    ['garbage', async () => 'not.a.jwt'],
  ];
  for (const [what, make] of rejections) {
    it(`refuses ${what} with 400 INVALID_ID_TOKEN`, async () => {
      const { signIn, nowS } = await setup();
      const res = await signIn(await make({ nowS: nowS() }));
      expect(res.status).toBe(400);
      expect(res.body.error?.code).toBe('INVALID_ID_TOKEN');
    });
  }

  it('accepts a token that expired less than 300 s ago (clock leeway)', async () => {
    const { signIn, nowS } = await setup();
    const res = await signIn(await idp.mint({ sub: 'leeway' }, { nowS: nowS() - 800, ttlS: 600 }));
    expect(res.status).toBe(200);
  });

  it('answers 400 IDP_NOT_CONFIGURED when no identity provider is configured', async () => {
    const { call } = await createAuthUnderTest();
    const res = await call('POST', '/auth/idp-signin', { body: { idToken: 'x.y.z' } });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('IDP_NOT_CONFIGURED');
  });
});
