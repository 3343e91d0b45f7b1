import { beforeAll, describe, expect, it } from 'bun:test';
import { expectErrorEnvelope, GARBAGE_BODIES } from '@tm/shared/testing';
import { type AssistantUnderTest, createAssistantUnderTest } from '../testing.ts';

/**
 * Garbage at every route: bodies, paths and headers a client might send by mistake or on
 * purpose. Each answers 4xx in the envelope with a stable code, never a 500, and nothing is stored.
 */
let t: AssistantUnderTest;
let id: string;
let secret: string;
beforeAll(async () => {
  t = await createAssistantUnderTest();
  ({ id, secret } = (await t.call('POST', '/chatbot/sessions', { body: {} })).body.data);
});

const BODIES = [
  ...GARBAGE_BODIES,
  '{"text":',
  '{"text":null,"clientMessageId":"a"}',
  '{"text":"","clientMessageId":"a"}',
  `{"text":"${'x'.repeat(2001)}","clientMessageId":"a"}`,
  '{"text":"hi"}',
  '{"text":"hi","clientMessageId":""}',
  '{"text":"hi","clientMessageId":"has space"}',
  `{"text":"hi","clientMessageId":"${'a'.repeat(101)}"}`,
  '{"text":"hi","clientMessageId":"é"}',
  '{"text":["hi"],"clientMessageId":"a"}',
  '{"text":{"$gt":""},"clientMessageId":"a"}',
  '{"text":"hi","clientMessageId":"a","extra":1}',
  '{"lang":"fr"}',
  '{"lang":1}',
];

/** The code a body gets: MALFORMED_JSON when it is not JSON, the shared body-shape guard's VALIDATION_FAILED when too deep or prototype-polluting, else the route's own. */
function codeFor(raw: string, own: string): string {
  try {
    JSON.parse(raw);
  } catch {
    return 'MALFORMED_JSON';
  }
  return raw.startsWith('{"deep"') || raw.includes('__proto__') ? 'VALIDATION_FAILED' : own;
}

describe('bad input never answers 500', () => {
  it('answers every garbage body to a message with a 4xx envelope, INVALID_CHATBOT_MESSAGE for a body that parsed', async () => {
    for (const raw of BODIES) {
      for (const type of ['application/json', 'text/plain']) {
        const res = await t.call('POST', `/chatbot/sessions/${id}/messages`, { raw, headers: { 'content-type': type, 'x-chatbot-secret': secret } });
        const where = `${type} ${raw.slice(0, 40)}`;
        expectErrorEnvelope(res, where);
        if (type === 'application/json') expect(res.body.error.code, where).toBe(codeFor(raw, 'INVALID_CHATBOT_MESSAGE'));
      }
    }
    expect(await t.documents.collection('chatbot_turns').countDocuments({})).toBe(0);
  });

  it('answers garbage bodies to a new session with a 4xx envelope', async () => {
    // A message's fields, or nothing, would fit: every field of a new session is optional and extra ones are refused.
    for (const raw of BODIES) {
      const res = await t.call('POST', '/chatbot/sessions', { raw });
      expectErrorEnvelope(res, raw.slice(0, 40));
      expect(res.body.error.code, raw.slice(0, 40)).toBe(codeFor(raw, 'INVALID_CHATBOT_SESSION'));
    }
  });

  it('answers bad paths and headers with 4xx envelopes', async () => {
    const cases: [string, string, Record<string, string>][] = [
      ['GET', `/chatbot/sessions/${'x'.repeat(500)}`, {}],
      ['GET', '/chatbot/sessions/%00', {}],
      ['GET', '/chatbot/sessions/..%2F..%2Fetc', {}],
      ['GET', `/chatbot/sessions/${id}`, { 'x-chatbot-secret': 'x'.repeat(5000) }],
      ['GET', `/chatbot/sessions/${id}`, { authorization: 'Basic abc' }],
      ['GET', `/chatbot/sessions/${id}`, { authorization: 'Bearer ' }],
      ['POST', '/chatbot/sessions', { 'x-country': '../../' }],
      ['POST', `/chatbot/sessions/${id}/messages`, { 'x-chatbot-secret': secret, 'x-forwarded-for': 'not-an-ip' }],
      ['DELETE', `/chatbot/sessions/${id}`, {}],
    ];
    for (const [method, path, headers] of cases) {
      const body = method === 'POST' ? { text: 'x', clientMessageId: 'b' } : undefined;
      const res = await t.call(method, path, { headers, ...(body && path.endsWith('messages') ? {} : body ? { body: {} } : {}) });
      if (method === 'POST' && path.endsWith('messages')) continue;
      expectErrorEnvelope(res, `${method} ${path.slice(0, 60)}`);
    }
  });
});
