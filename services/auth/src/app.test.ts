import { describe, expect, it } from 'bun:test';
import { createAuthUnderTest } from './testing/auth-under-test.ts';
import { signInCustomer } from './testing/customer-fixture.ts';

const BODY_OPERATIONS = [
  '/auth/send-otp',
  '/auth/verify-otp',
  '/auth/verify-widget-token',
  '/auth/staff-password-login',
  '/auth/idp-signin',
  '/auth/refresh',
  '/auth/forgot-password',
  '/auth/reset-password',
];

describe('the auth HTTP surface', () => {
  it('routes by path behind a short Host (the root app uses SERVICE_APP_CONFIG)', async () => {
    const res = await (await createAuthUnderTest()).app.handle(new Request('http://ab/healthz'));
    expect(res.status).toBe(200);
  });

  it('answers malformed JSON on every operation with 400 MALFORMED_JSON, never 500', async () => {
    const { call } = await createAuthUnderTest();
    for (const path of BODY_OPERATIONS) {
      const res = await call('POST', path, { raw: '{"mobile": "+49' });
      expect(res.status).toBe(400);
      expect(res.body.error?.code).toBe('MALFORMED_JSON');
    }
  });

  it('answers a wrongly shaped body on every operation with 400 VALIDATION_FAILED', async () => {
    const { call } = await createAuthUnderTest();
    for (const path of BODY_OPERATIONS) {
      for (const raw of ['[]', '42', 'null', 'true', '{"mobile": 5, "token": 1, "email": 2}', '']) {
        const res = await call('POST', path, { raw });
        expect(res.status).toBe(400);
        expect(res.body.error?.code).toBe('VALIDATION_FAILED');
      }
    }
  });

  it('answers JSON that is not an object with 400 VALIDATION_FAILED where every field is optional, signing out and changing nothing', async () => {
    const { call, logger } = await createAuthUnderTest();
    const session = await signInCustomer(call, logger);
    const headers = { authorization: `Bearer ${session.accessToken}` };
    for (const [method, path] of [
      ['PATCH', '/account/me'],
      ['POST', '/account/sign-out'],
    ] as const) {
      for (const raw of ['[1,"two",{"three":3}]', '42', 'null', 'true', '"text"']) {
        const res = await call(method, path, { raw, headers });
        expect({ path, raw, status: res.status, code: res.body.error?.code }).toEqual({ path, raw, status: 400, code: 'VALIDATION_FAILED' });
      }
    }
    expect((await call('GET', '/account/me', { headers })).status).toBe(200);
    expect((await call('POST', '/account/sign-out', { headers })).status).toBe(200);
  });

  it('answers a deeply nested body on every operation with 400 VALIDATION_FAILED, never 500', async () => {
    const { call } = await createAuthUnderTest();
    const deep = `${'['.repeat(6000)}${']'.repeat(6000)}`;
    for (const path of BODY_OPERATIONS) {
      for (const field of ['mobile', 'otp', 'token', 'identifier', 'idToken', 'refreshToken', 'email', 'newPassword']) {
        const res = await call('POST', path, { raw: `{"${field}":${deep}}` });
        expect({ path, field, status: res.status, code: res.body.error?.code }).toEqual({ path, field, status: 400, code: 'VALIDATION_FAILED' });
      }
    }
  });

  it('answers a field holding an object with its own toString or valueOf with 400 VALIDATION_FAILED, never 500', async () => {
    const { call } = await createAuthUnderTest();
    const fields = ['mobile', 'otp', 'token', 'identifier', 'password', 'idToken', 'refreshToken', 'email', 'newPassword'];
    for (const path of BODY_OPERATIONS) {
      for (const inner of ['{"toString":1}', '{"valueOf":1}', '[{"toString":1}]']) {
        const res = await call('POST', path, { raw: `{${fields.map((f) => `"${f}":${inner}`).join(',')}}` });
        expect({ path, inner, status: res.status, code: res.body.error?.code }).toEqual({ path, inner, status: 400, code: 'VALIDATION_FAILED' });
      }
    }
  });

  it('takes JSON with its content type only: a form or text/plain body is 400 UNSUPPORTED_CONTENT_TYPE, and no SMS goes out', async () => {
    const { call, deps } = await createAuthUnderTest();
    const sent: unknown[] = [];
    deps.sms.send = async (message) => void sent.push(message);
    const attempts = [
      { raw: 'mobile=%2B4915112345678', type: 'application/x-www-form-urlencoded' },
      { raw: '{"mobile":"+4915112345678"}', type: 'text/plain' },
      { raw: '{"mobile":"+4915112345678"}', type: '' },
    ];
    for (const { raw, type } of attempts) {
      const res = await call('POST', '/auth/send-otp', { raw, headers: type ? { 'content-type': type } : { 'content-type': '' } });
      expect({ type, status: res.status, code: res.body.error?.code }).toEqual({ type, status: 400, code: 'UNSUPPORTED_CONTENT_TYPE' });
    }
    expect(sent).toEqual([]);
    for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON']) {
      const res = await call('POST', '/auth/send-otp', { raw: '{"mobile":"+4915112345678"}', headers: { 'content-type': type } });
      expect({ type, code: res.body.error?.code }).not.toEqual({ type, code: 'UNSUPPORTED_CONTENT_TYPE' });
    }
    expect(sent).toHaveLength(1); // the first JSON request sent its code; the others met the resend cooldown
  });

  it('answers JSON that does not parse with 400 MALFORMED_JSON', async () => {
    const { call } = await createAuthUnderTest();
    const res = await call('POST', '/auth/send-otp', { raw: '{"mobile":' });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('MALFORMED_JSON');
  });

  it('answers an oversized body with 413 PAYLOAD_TOO_LARGE, declared or not', async () => {
    const { app, call } = await createAuthUnderTest();
    const big = JSON.stringify({ mobile: 'x'.repeat(20_000) });
    const declared = await call('POST', '/auth/send-otp', { raw: big });
    expect(declared.status).toBe(413);
    expect(declared.body.error?.code).toBe('PAYLOAD_TOO_LARGE');
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(big));
        c.close();
      },
    });
    const res = await app.handle(
      new Request('http://localhost/auth/send-otp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream }),
    );
    expect(res.status).toBe(413);
  });

  it('answers unknown routes with 404 ROUTE_NOT_FOUND', async () => {
    const { call } = await createAuthUnderTest();
    const res = await call('GET', '/auth/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe('ROUTE_NOT_FOUND');
  });

  it('marks token answers and errors as not cacheable', async () => {
    const { call } = await createAuthUnderTest();
    expect((await call('POST', '/auth/guest-access')).headers.get('cache-control')).toBe('no-store');
    expect((await call('POST', '/auth/refresh', { body: { refreshToken: 'x' } })).headers.get('cache-control')).toBe('no-store');
    expect((await call('GET', '/account/me')).headers.get('cache-control')).toBe('no-store');
  });

  it('echoes a well-formed X-Request-Id', async () => {
    const { call } = await createAuthUnderTest();
    const res = await call('POST', '/auth/guest-access', { headers: { 'x-request-id': 'req-12345678' } });
    expect(res.headers.get('x-request-id')).toBe('req-12345678');
  });

  it('reports the document and key-value stores on /readyz', async () => {
    const { call } = await createAuthUnderTest();
    const res = await call('GET', '/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'ready',
      service: 'auth',
      dependencies: { documents: { status: 'up', kind: 'embedded' }, keyValue: { status: 'up', kind: 'embedded' } },
    });
  });

  it('answers 503 on /readyz when the key-value store is down', async () => {
    const { createEmbeddedKeyValueStore } = await import('@tm/shared/store/embedded');
    const down = { ...createEmbeddedKeyValueStore(), ping: async () => false };
    const { call } = await createAuthUnderTest({ keyValue: down });
    const res = await call('GET', '/readyz');
    expect(res.status).toBe(503);
    expect(res.body.dependencies.keyValue.status).toBe('down');
  });

  it('describes every operation with the spec operationId and its error responses', async () => {
    const { call } = await createAuthUnderTest();
    const doc = (await call('GET', '/openapi/json')).body as unknown as {
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
    };
    const ops = Object.fromEntries(Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => [o.operationId, Object.keys(o.responses).sort()])));
    expect(ops).toMatchObject({
      sendOtp: ['200', '400', '413', '429'],
      verifyOtp: ['200', '400', '413', '429'],
      verifyWidgetToken: ['200', '400', '413', '429'],
      staffPasswordLogin: ['200', '400', '413', '429'],
      idpSignIn: ['200', '400', '413', '429'],
      createGuestSession: ['200', '413', '429'],
      refreshSession: ['200', '400', '413', '429'],
      forgotPassword: ['200', '400', '413', '429'],
      resetPassword: ['200', '400', '413', '429'],
      getMe: ['200', '401', '429'],
    });
    expect(Object.keys(doc.paths)).not.toContain('/.well-known/jwks.json');
    for (const path of BODY_OPERATIONS) {
      const body = (doc.paths[path]?.post as unknown as { requestBody?: { content?: Record<string, { schema?: unknown }> } } | undefined)?.requestBody;
      expect(typeof body?.content?.['application/json']?.schema).toBe('object');
    }
  });
});
