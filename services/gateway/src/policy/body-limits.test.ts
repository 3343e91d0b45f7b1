import { describe, expect, it } from 'bun:test';
import { gatewayTestPeers, req } from '../testing/gateway.ts';
import { bodyLimitFor } from './body-limits.ts';

const env = gatewayTestPeers();

describe('body limits', () => {
  it('lets a tracking batch of up to 500 KB through (design/growth.md) and keeps MAX_BODY_BYTES everywhere else', () => {
    expect(bodyLimitFor('/api/track', 65_536)).toBeGreaterThan(500 * 1024);
    expect(bodyLimitFor('/api/track', 2 * 1024 * 1024)).toBe(2 * 1024 * 1024);
    expect(bodyLimitFor('/api/leads', 65_536)).toBe(65_536);
    expect(bodyLimitFor('/api/tracking', 65_536)).toBe(65_536);
  });

  it('forwards a 300 KB batch to growth and answers 413 to the same body elsewhere', async () => {
    const gw = env.gateway();
    const body = JSON.stringify({ batch: [{ blob: 'x'.repeat(300 * 1024) }] });
    const headers = { 'content-type': 'application/json' };
    const track = await gw.handle(req('/api/track', { method: 'POST', body, headers }));
    expect(track.status).toBe(200);
    expect(((await track.json()) as { data: { length: number } }).data.length).toBe(body.length);
    const leads = await gw.handle(req('/api/leads', { method: 'POST', body, headers }));
    expect(leads.status).toBe(413);
  });
});
