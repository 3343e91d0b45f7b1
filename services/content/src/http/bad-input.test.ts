import { beforeAll, describe, expect, it } from 'bun:test';
import { expectErrorEnvelope, GARBAGE_BODIES } from '@tm/shared/testing';
import { type ContentUnderTest, createContentUnderTest } from '../testing.ts';

/**
 * Garbage at every route: bodies, paths, queries and headers a client might send by mistake or
 * on purpose. Each must answer 4xx in the envelope with a string code, never a 500, and store nothing.
 */
let t: ContentUnderTest;
let admin: string;
let pageId: string;
beforeAll(async () => {
  t = await createContentUnderTest();
  admin = (await t.tokenFor('admin')).token;
  pageId = (await t.call('GET', '/content/pages/about')).body.data.id;
});

const BODIES = [
  ...GARBAGE_BODIES,
  '{"type":',
  '{"type":{"$gt":""},"version":1}',
  '{"version":1e309}',
  '{"version":"1"}',
  '{"messages":[]}',
  '{"messages":{"a":{"b":"c"}}}',
  '{"slug":"../../etc","type":"page","lang":"en","title":"x"}',
  '{"type":"page","lang":"en","slug":"ok","title":"x","faq":[{"question":1}]}',
];
const WRITES: [string, string][] = [
  ['POST', '/legal/acceptances'],
  ['POST', '/legal/terms/versions'],
  ['PUT', '/i18n/de/common'],
  ['POST', '/content/pages'],
  ['PATCH', `/content/pages/${'a'.repeat(24)}`],
];

describe('bad input never answers 500', () => {
  it('answers every garbage body on every write with a 4xx envelope and changes nothing', async () => {
    const manifest = (await t.call('GET', '/i18n/manifest')).body.data;
    for (const [method, path] of WRITES) {
      for (const raw of BODIES) {
        for (const type of ['application/json', 'text/plain', 'application/x-www-form-urlencoded']) {
          const res = await t.call(method, path, { token: admin, raw, headers: { 'content-type': type } });
          const where = `${method} ${path} ${type} ${raw.slice(0, 40)}`;
          expectErrorEnvelope(res, where);
        }
      }
    }
    expect((await t.call('GET', '/i18n/manifest')).body.data).toEqual(manifest);
    expect(await t.documents.collection('legal_acceptances').countDocuments({})).toBe(0);
    expect(await t.documents.collection('legal_versions').countDocuments({})).toBe(20);
  });

  it('answers bad paths, queries and headers with 4xx envelopes', async () => {
    const cases: [string, string, Record<string, string>][] = [
      ['GET', '/legal/%00', {}],
      ['GET', `/legal/${'x'.repeat(500)}`, {}],
      ['GET', '/legal/terms', { 'x-country': '../../' }],
      ['GET', '/legal/terms/versions', { 'x-country': 'ZZ' }],
      ['GET', '/i18n/%ZZ/common', {}],
      ['GET', '/i18n/en/%00', {}],
      ['GET', '/content/pages?page=1e3', {}],
      ['GET', '/content/pages?limit=', {}],
      ['GET', `/content/pages/${'x'.repeat(300)}`, {}],
      ['GET', '/content/pages/about?type=blog', {}],
      ['POST', `/content/pages/${pageId}x/publish`, {}],
      ['POST', '/content/pages/..%2F..%2Fetc/unpublish', {}],
      ['GET', '/legal/pending', { authorization: 'Bearer a.b.c' }],
      ['GET', '/legal/pending', { authorization: 'Basic abc' }],
      ['GET', '/internal/legal/acceptance-checks?userId=u&type=terms&market=IN&version=abc', {}],
      ['GET', '/internal/legal/terms/current', {}],
    ];
    for (const [method, path, headers] of cases) {
      const res = await t.call(method, path, { token: headers.authorization ? undefined : admin, headers });
      expectErrorEnvelope(res, `${method} ${path}`);
    }
  });
});
