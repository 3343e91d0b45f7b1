import { beforeAll, describe, expect, it } from 'bun:test';
import { createGrowthUnderTest, type GrowthUnderTest } from '../testing.ts';

/**
 * Garbage at every route, as the other services are fuzzed (services/bookings/src/http/bad-input.test.ts):
 * bodies, paths, queries and headers a client might send by mistake or on purpose. Each /api
 * route answers 4xx in the envelope with a string code, never a 500; OFREP answers 4xx in its own
 * error shape; nothing is stored.
 */
let t: GrowthUnderTest;
let admin: string;
beforeAll(async () => {
  t = await createGrowthUnderTest();
  admin = (await t.tokenFor('admin')).token;
  await t.call('PUT', '/flags/known', { token: admin, body: { type: 'boolean', enabled: true, defaultValue: false } });
});

const BODIES = [
  '',
  'null',
  '[]',
  '"text"',
  '42',
  '{',
  '{"batch":',
  '{"batch":[null]}',
  '{"batch":"x"}',
  '{"batch":[{"type":"track"}],"sentAt":12}',
  '{"type":"boolean","enabled":true,"defaultValue":{"$gt":""}}',
  '{"rules":[{"when":{"market":{"$ne":1}}}]}',
  '{"variants":[{"key":"a","value":1,"weight":1e309}]}',
  '{"email":{"$ne":""},"need":["x"]}',
  '{"anonymousId":["a"],"purposes":null}',
  '{"status":{"$in":["won"]}}',
  '{"flagKey":1,"variant":{},"deviceId":[]}',
  `{"deep":${'['.repeat(200)}${']'.repeat(200)}}`,
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
];
const ROUTES: [string, string][] = [
  ['PUT', '/flags/known'],
  ['PUT', '/flags/new-one'],
  ['POST', '/experiments/exposures'],
  ['POST', '/track'],
  ['PUT', '/consents'],
  ['POST', '/leads'],
  ['PATCH', '/leads/ffffffffffffffffffffffff'],
];

describe('bad input never answers 500', () => {
  it('answers every garbage body on every write with a 4xx envelope, and stores nothing', async () => {
    for (const [method, path] of ROUTES) {
      for (const raw of BODIES) {
        for (const type of ['application/json', 'text/plain']) {
          const res = await t.call(method, path, { token: admin, raw, headers: { 'content-type': type, 'x-forwarded-for': `10.0.${BODIES.indexOf(raw)}.1` } });
          const where = `${method} ${path} ${type} ${raw.slice(0, 40)}`;
          expect(res.status, where).toBeLessThan(500);
          // A batch is refused whole or event by event: a 200 there must have stored nothing.
          if (res.status === 200 && path === '/track') {
            expect(res.body.data.accepted, where).toBe(0);
            continue;
          }
          expect(res.status, where).toBeGreaterThanOrEqual(400);
          expect(res.body.success, where).toBe(false);
          expect(typeof res.body.error?.code, where).toBe('string');
        }
      }
    }
    expect(await t.parts.events.count()).toBe(0);
    expect((await t.parts.leads.list(undefined, 1, 10)).total).toBe(0);
    expect((await t.parts.flags.all()).map((f) => f._id)).toEqual(['known']);
  });

  it("answers garbage to OFREP with 400 in OFREP's own error shape", async () => {
    for (const raw of BODIES.filter((b) => b !== '' && b !== '{"__proto__":{"admin":true}}' && !b.startsWith('{"constructor"'))) {
      for (const path of ['/ofrep/v1/evaluate/flags', '/ofrep/v1/evaluate/flags/known']) {
        const res = await t.call('POST', path, { raw });
        const where = `${path} ${raw.slice(0, 40)}`;
        expect(res.status, where).toBeLessThan(500);
        if (res.status !== 200) expect(['PARSE_ERROR', 'INVALID_CONTEXT'], where).toContain(res.body.errorCode);
      }
    }
  });

  it('answers bad paths, queries and headers with 4xx envelopes', async () => {
    const cases: [string, string, Record<string, string>][] = [
      ['GET', `/flags/${'x'.repeat(200)}`, {}],
      ['GET', '/flags/%00', {}],
      ['GET', '/flags/..%2F..%2Fetc', {}],
      ['DELETE', '/flags/UPPER', {}],
      ['GET', '/experiments/%24where/results', {}],
      ['GET', '/leads?page=1e3', {}],
      ['GET', '/leads?limit=', {}],
      ['GET', '/leads?status=%24ne', {}],
      ['GET', '/consents?anonymousId=', {}],
      ['PATCH', '/leads/..%2F', {}],
      ['POST', '/track', { authorization: 'Bearer garbage' }],
      ['GET', '/flags', { authorization: 'Basic abc' }],
    ];
    for (const [method, path, headers] of cases) {
      const res = await t.call(method, path, {
        token: headers.authorization ? undefined : admin,
        headers,
        ...(method === 'POST' || method === 'PATCH' ? { body: { status: 'won' } } : {}),
      });
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      expect(res.body.success, `${method} ${path}`).toBe(false);
    }
  });
});
