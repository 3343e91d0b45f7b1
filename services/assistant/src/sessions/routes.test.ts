import { beforeAll, describe, expect, it } from 'bun:test';
import { CHATBOT_SESSION_TTL_MS } from '@tm/contracts';
import { type AssistantUnderTest, createAssistantUnderTest } from '../testing.ts';

let t: AssistantUnderTest;
beforeAll(async () => {
  t = await createAssistantUnderTest();
});

const send = (id: string, headers: Record<string, string>, text = 'hello', clientMessageId = crypto.randomUUID()) =>
  t.call('POST', `/chatbot/sessions/${id}/messages`, { body: { text, clientMessageId }, headers });

describe('chatbot sessions', () => {
  it('gives an anonymous caller a session and a secret, valid for 30 days', async () => {
    const res = await t.call('POST', '/chatbot/sessions', { body: {} });
    expect(res.status).toBe(201);
    expect(res.body.data.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(res.body.data.expiresAt) - t.clock.now()).toBe(CHATBOT_SESSION_TTL_MS);
  });

  it('takes a session without a body at all', async () => {
    expect((await t.call('POST', '/chatbot/sessions')).status).toBe(201);
  });

  it('shows the transcript to the holder of the secret, and 404 to anyone else', async () => {
    const { id, secret } = (await t.call('POST', '/chatbot/sessions', { body: { lang: 'de' } })).body.data;
    const own = await t.call('GET', `/chatbot/sessions/${id}`, { headers: { 'x-chatbot-secret': secret } });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ id, messages: [] });
    const callers: Record<string, string>[] = [{}, { 'x-chatbot-secret': 'wrong' }, { authorization: `Bearer ${await t.tokenFor('u-1')}` }];
    for (const headers of callers) {
      const other = await t.call('GET', `/chatbot/sessions/${id}`, { headers });
      expect(other.status).toBe(404);
      expect(other.body.error.code).toBe('CHATBOT_SESSION_NOT_FOUND');
      expect((await send(id, headers)).body.error.code).toBe('CHATBOT_SESSION_NOT_FOUND');
    }
  });

  it("ties a signed-in caller's session to the user, with no secret", async () => {
    const token = await t.tokenFor('u-2');
    const res = await t.call('POST', '/chatbot/sessions', { body: {}, headers: { authorization: `Bearer ${token}` } });
    expect(res.body.data.secret).toBeUndefined();
    const id = res.body.data.id;
    expect((await t.call('GET', `/chatbot/sessions/${id}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await t.call('GET', `/chatbot/sessions/${id}`, { headers: { authorization: `Bearer ${await t.tokenFor('u-3')}` } })).status).toBe(404);
    expect((await t.call('GET', `/chatbot/sessions/${id}`)).status).toBe(404);
  });

  it('refuses a bearer token that is sent but not valid with 401', async () => {
    const res = await t.call('POST', '/chatbot/sessions', { body: {}, headers: { authorization: 'Bearer not.a.token' } });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
  });

  it('answers 404 for an unknown id and for a session past its expiry, with its transcript', async () => {
    expect((await t.call('GET', '/chatbot/sessions/nope')).status).toBe(404);
    const own = await createAssistantUnderTest();
    const { id, secret } = (await own.call('POST', '/chatbot/sessions', { body: {} })).body.data;
    await send(id, { 'x-chatbot-secret': secret });
    own.clock.advance(CHATBOT_SESSION_TTL_MS + 1);
    const gone = await own.call('GET', `/chatbot/sessions/${id}`, { headers: { 'x-chatbot-secret': secret } });
    expect(gone.status).toBe(404);
    expect(await own.documents.collection('chatbot_turns').countDocuments({ sessionId: id, expiresAt: { $gt: new Date(own.clock.now()) } })).toBe(0);
  });

  it('refuses an unknown lang and an unknown X-Country with stable codes', async () => {
    const lang = await t.call('POST', '/chatbot/sessions', { body: { lang: 'fr' } });
    expect([lang.status, lang.body.error.code]).toEqual([400, 'INVALID_CHATBOT_SESSION']);
    const country = await t.call('POST', '/chatbot/sessions', { body: {}, headers: { 'x-country': 'FR' } });
    expect([country.status, country.body.error.code]).toEqual([400, 'INVALID_COUNTRY']);
  });
});
