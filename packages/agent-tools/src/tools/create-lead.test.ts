import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createGrowthUnderTest, type GrowthUnderTest } from '@tm/growth/testing';
import { silentLogger } from '@tm/shared';
import type { ToolContext } from '../context.ts';
import { runTool } from '../run.ts';
import { createUpstreamClient } from '../upstream.ts';
import createLead from './create-lead.ts';

let growth: GrowthUnderTest;
let server: { stop(closeActive?: boolean): unknown; server: { port?: number } | null };
let context: (call?: Partial<ToolContext['call']>) => ToolContext;

beforeAll(async () => {
  growth = await createGrowthUnderTest({ overrides: { leadLimit: { max: 2, windowMs: 600_000 } } });
  server = growth.app.listen({ hostname: '127.0.0.1', port: 0 });
  const upstream = createUpstreamClient({
    upstreams: { growth: `http://127.0.0.1:${server.server?.port}` },
    fetch: globalThis.fetch,
    upstreamTimeoutMs: 2000,
    logger: silentLogger,
  });
  context = (call = {}) => ({
    upstream,
    origin: 'https://tm.example',
    call: { requestId: 'lead-test', ...call },
    bearer: { outcome: 'refuse', code: 'UNAUTHORIZED', message: 'No bearer token' },
  });
});
afterAll(async () => {
  await server.stop(true);
});

const ask = { name: 'Asha Rao', email: 'asha@example.com', need: 'Two React developers for three months', budget: 'around 20k' };

describe('create_lead', () => {
  it("stores a lead in growth (not as spam: the form's timing rule does not apply to a conversation) and mails sales", async () => {
    const answer = await runTool(
      createLead,
      { ...ask, service: 'react-developer', phone: '+49 151 12345678' },
      context({ country: 'de', clientIp: '203.0.113.7' }),
    );
    if (!answer.ok) throw new Error(answer.message);
    const { leadId } = answer.structured as { leadId: string };
    const admin = await growth.tokenFor('admin');
    const listed = await growth.call('GET', '/leads?status=new', { token: admin.token });
    const lead = listed.body.data.find((l: { id: string }) => l.id === leadId);
    expect(lead).toMatchObject({ name: 'Asha Rao', email: 'asha@example.com', phone: '+4915112345678', market: 'DE', consentMarketing: false });
    expect(lead.submissions[0]).toMatchObject({ need: ask.need, serviceId: 'react-developer', budget: 'around 20k' });
    expect(answer.text).toContain(leadId);
    // Sales hears of it once it is stored (the notifier delivers off the request path).
    for (let i = 0; i < 100 && growth.mailer.sent.length === 0; i++) await Bun.sleep(5);
    expect(growth.mailer.sent.some((m) => m.to === 'sales@example.test')).toBe(true);
  });

  it("counts the person's own address against the per-IP limit, not the host's", async () => {
    const from = (ip: string, n: number) => runTool(createLead, { ...ask, email: `p${n}@example.com` }, context({ clientIp: ip }));
    expect((await from('198.51.100.1', 1)).ok).toBe(true);
    expect((await from('198.51.100.1', 2)).ok).toBe(true);
    expect(await from('198.51.100.1', 3)).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
    // Another person behind the same host still gets through.
    expect((await from('198.51.100.2', 4)).ok).toBe(true);
  });

  it("answers bad details with growth's own code before any call", async () => {
    expect(await runTool(createLead, { ...ask, need: 'short' }, context())).toMatchObject({ ok: false, code: 'INVALID_LEAD' });
    expect(await runTool(createLead, { ...ask, email: 'not-an-address' }, context())).toMatchObject({ ok: false, code: 'INVALID_LEAD' });
    expect(await runTool(createLead, { ...ask, phone: '12' }, context({ clientIp: '198.51.100.9' }))).toMatchObject({ ok: false, code: 'INVALID_LEAD' });
  });
});
