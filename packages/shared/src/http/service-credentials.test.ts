import { describe, expect, it } from 'bun:test';
import { Elysia, t } from 'elysia';
import { createServiceClient } from '../client/service-client.ts';
import { ConfigError, loadConfig } from '../core/config.ts';
import { createMemoryLogger, silentLogger } from '../core/logger.ts';
import { rawHttpExchange } from '../testing/raw-http.ts';
import { SERVICE_APP_CONFIG, serviceBase } from './service-base.ts';
import {
  acceptedFormOf,
  acceptServiceCredentials,
  generateServiceCredential,
  parseServiceCredential,
  SERVICE_CREDENTIAL_HEADER,
  SERVICE_CREDENTIAL_SETTINGS,
  serviceCredentialProblems,
  serviceCredentialsFrom,
} from './service-credentials.ts';

const bookings = generateServiceCredential('bookings');
const gateway = generateServiceCredential('gateway');

describe('service credentials', () => {
  it('generates <caller>.<secret> with a fresh secret each time', () => {
    expect(parseServiceCredential(bookings)?.caller).toBe('bookings');
    expect(generateServiceCredential('bookings')).not.toBe(bookings);
    expect(() => generateServiceCredential('Not A Name')).toThrow();
  });

  it('accepts an entry as sent or as its digest, and names the caller', () => {
    for (const entry of [bookings, acceptedFormOf(bookings)]) {
      const callers = acceptServiceCredentials([entry]);
      expect(callers.check(bookings)).toEqual({ ok: true, caller: 'bookings' });
      expect(callers.callers).toEqual(['bookings']);
    }
    expect(acceptedFormOf(bookings)).toMatch(/^bookings:[0-9a-f]{64}$/);
  });

  it('refuses a missing header, a wrong secret, another caller and a bearer token', () => {
    const callers = acceptServiceCredentials([acceptedFormOf(bookings)]);
    expect(callers.check(null)).toEqual({ ok: false, code: 'SERVICE_CREDENTIAL_REQUIRED' });
    expect(callers.check('')).toEqual({ ok: false, code: 'SERVICE_CREDENTIAL_REQUIRED' });
    expect(callers.check(`${bookings}x`)).toEqual({ ok: false, code: 'SERVICE_CREDENTIAL_INVALID' });
    expect(callers.check(gateway)).toEqual({ ok: false, code: 'SERVICE_CREDENTIAL_INVALID' });
    expect(callers.check(`Bearer ${bookings}`)).toEqual({ ok: false, code: 'SERVICE_CREDENTIAL_INVALID' });
    // The secret under another caller's name is not the credential.
    expect(callers.check(`gateway.${parseServiceCredential(bookings)?.secret}`)).toEqual({ ok: false, code: 'SERVICE_CREDENTIAL_INVALID' });
  });

  it('rotates one caller alone: old and new both accepted while listed, the old refused once removed', () => {
    const next = generateServiceCredential('bookings');
    const during = acceptServiceCredentials([acceptedFormOf(bookings), acceptedFormOf(next), acceptedFormOf(gateway)]);
    expect(during.check(bookings).ok).toBe(true);
    expect(during.check(next).ok).toBe(true);
    const after = acceptServiceCredentials([acceptedFormOf(next), acceptedFormOf(gateway)]);
    expect(after.check(bookings)).toEqual({ ok: false, code: 'SERVICE_CREDENTIAL_INVALID' });
    expect(after.check(next).ok).toBe(true);
    expect(after.check(gateway).ok).toBe(true);
    expect(acceptServiceCredentials([]).check(bookings).ok).toBe(false);
  });
});

describe('SERVICE_CREDENTIAL_SETTINGS', () => {
  const load = (env: Record<string, string | undefined>) => loadConfig(env, SERVICE_CREDENTIAL_SETTINGS);

  it('reads both variables, either accepted form, and leaves them unset when empty', () => {
    const config = load({ SERVICE_CREDENTIAL: bookings, SERVICE_CREDENTIALS_ACCEPTED: ` ${gateway} , ${acceptedFormOf(bookings)} ` });
    expect(config.SERVICE_CREDENTIAL).toBe(bookings);
    expect(config.SERVICE_CREDENTIALS_ACCEPTED).toEqual([gateway, acceptedFormOf(bookings)]);
    expect(serviceCredentialsFrom(config).internalCallers.callers).toEqual(['bookings', 'gateway']);
    expect(load({ SERVICE_CREDENTIAL: '', SERVICE_CREDENTIALS_ACCEPTED: '' })).toEqual({
      SERVICE_CREDENTIAL: undefined,
      SERVICE_CREDENTIALS_ACCEPTED: undefined,
    });
  });

  it('names the variable and the entry of a bad value, never the secret', () => {
    const secret = 'short';
    try {
      load({ SERVICE_CREDENTIAL: 'no-dot-here', SERVICE_CREDENTIALS_ACCEPTED: `${gateway},bookings.${secret}` });
      throw new Error('expected a ConfigError');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems;
      expect(problems).toHaveLength(2);
      expect(problems[0]).toStartWith('SERVICE_CREDENTIAL:');
      expect(problems[1]).toStartWith('SERVICE_CREDENTIALS_ACCEPTED: entry 2:');
      expect(problems.join(' ')).not.toContain(parseServiceCredential(gateway)?.secret ?? '?');
    }
    expect(() => load({ SERVICE_CREDENTIALS_ACCEPTED: 'bookings:abc' })).toThrow(ConfigError);
  });

  it('refuses production without them (not waived by ALLOW_EMBEDDED_IN_PRODUCTION), development not', () => {
    const none = { SERVICE_CREDENTIAL: undefined, SERVICE_CREDENTIALS_ACCEPTED: undefined };
    const needs = { calls: true, serves: true };
    expect(serviceCredentialProblems({ NODE_ENV: 'development' }, none, needs)).toEqual([]);
    const problems = serviceCredentialProblems({ NODE_ENV: 'production', ALLOW_EMBEDDED_IN_PRODUCTION: 'true' }, none, needs);
    expect(problems.map((p) => p.split(':')[0])).toEqual(['SERVICE_CREDENTIAL', 'SERVICE_CREDENTIALS_ACCEPTED']);
    expect(serviceCredentialProblems({ NODE_ENV: 'production' }, none, { calls: true, serves: false })).toHaveLength(1);
    expect(serviceCredentialProblems({ NODE_ENV: 'production' }, { SERVICE_CREDENTIAL: bookings, SERVICE_CREDENTIALS_ACCEPTED: [gateway] }, needs)).toEqual([]);
  });
});

describe('serviceBase on /internal/*', () => {
  function build(accepted?: readonly string[]) {
    const logger = createMemoryLogger('demo');
    const app = new Elysia(SERVICE_APP_CONFIG)
      .use(
        serviceBase({
          service: 'demo',
          logger,
          errorStatus: {},
          ...(accepted ? { internalCallers: acceptServiceCredentials(accepted) } : {}),
        }),
      )
      .get('/internal/things/:id', ({ params }) => ({ success: true, data: { id: params.id } }))
      .post('/internal/things', ({ body }) => ({ success: true, data: body }), { body: t.Object({ name: t.String() }) })
      .get('/public', () => ({ success: true, data: 'open' }));
    return { app, logger };
  }
  const send = (app: { handle(r: Request): Promise<Response> }, path: string, init: RequestInit = {}) =>
    app.handle(new Request(`http://demo.test${path}`, init));

  it('answers 401 in the envelope before routing, parsing or validation, and logs the request', async () => {
    const { app, logger } = build([acceptedFormOf(bookings)]);
    const res = await send(app, '/internal/things', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{not json' });
    expect(res.status).toBe(401);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(await res.json()).toEqual({ success: false, error: { code: 'SERVICE_CREDENTIAL_REQUIRED', message: expect.any(String) } });
    expect(logger.lines.some((l) => l.msg === 'request' && l.status === 401 && l.path === '/internal/things')).toBe(true);
    // An unknown internal path tells nothing either.
    expect((await send(app, '/internal/nothing-here')).status).toBe(401);
  });

  it('never takes a bearer token, nor a wrong or unlisted credential', async () => {
    const { app } = build([acceptedFormOf(bookings)]);
    const bearer = await send(app, '/internal/things/1', { headers: { authorization: `Bearer ${bookings}` } });
    expect(bearer.status).toBe(401);
    expect(((await bearer.json()) as { error: { code: string } }).error.code).toBe('SERVICE_CREDENTIAL_REQUIRED');
    for (const shown of [gateway, `${bookings.slice(0, -1)}${bookings.endsWith('A') ? 'B' : 'A'}`]) {
      const res = await send(app, '/internal/things/1', { headers: { [SERVICE_CREDENTIAL_HEADER]: shown } });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('SERVICE_CREDENTIAL_INVALID');
    }
  });

  it('lets an accepted caller through; public routes need nothing', async () => {
    const { app } = build([acceptedFormOf(bookings)]);
    const res = await send(app, '/internal/things/7', { headers: { [SERVICE_CREDENTIAL_HEADER]: bookings } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, data: { id: '7' } });
    expect((await send(app, '/public')).status).toBe(200);
  });

  it('no spelling of the path reaches an internal route without the check (sent raw, nothing normalized on this side)', async () => {
    const { app } = build([acceptedFormOf(bookings)]);
    const server = app.listen({ hostname: '127.0.0.1', port: 0 });
    try {
      for (const path of [
        '/internal/things/1',
        '//internal/things/1',
        '/%69nternal/things/1',
        '/internal%2fthings/1',
        '/./internal/things/1',
        '/x/../internal/things/1',
        '/INTERNAL/things/1',
      ]) {
        const answer = await rawHttpExchange(server.server?.port ?? 0, `GET ${path} HTTP/1.1\r\nHost: demo.test\r\nConnection: close\r\n\r\n`);
        const status = Number(answer.split(' ')[1]);
        expect({ path, refused: status === 401 || status === 404, answered: answer.includes('"data":{"id"') }).toEqual({
          path,
          refused: true,
          answered: false,
        });
      }
    } finally {
      await server.stop(true);
    }
  });

  it('refuses every caller when the service was given no accepted credentials', async () => {
    const { app } = build();
    expect((await send(app, '/internal/things/7', { headers: { [SERVICE_CREDENTIAL_HEADER]: bookings } })).status).toBe(401);
  });

  it('is what createServiceClient sends, and a caller header cannot replace it', async () => {
    const { app } = build([acceptedFormOf(bookings)]);
    const fetch = ((input: Request | URL | string, init?: RequestInit) => app.handle(new Request(input, init))) as typeof globalThis.fetch;
    const common = { service: 'demo', baseUrl: 'http://demo.test', timeoutMs: 1000, logger: silentLogger, fetch };
    const schema = t.Object({ id: t.String() });
    const withIt = createServiceClient({ ...common, credential: bookings });
    expect(await withIt.call('/internal/things/3', { schema, headers: { [SERVICE_CREDENTIAL_HEADER]: gateway } })).toMatchObject({
      ok: true,
      data: { id: '3' },
    });
    const without = createServiceClient(common);
    expect(await without.call('/internal/things/3', { schema, headers: { [SERVICE_CREDENTIAL_HEADER]: bookings } })).toMatchObject({
      ok: false,
      status: 401,
      code: 'SERVICE_CREDENTIAL_REQUIRED',
    });
  });
});
