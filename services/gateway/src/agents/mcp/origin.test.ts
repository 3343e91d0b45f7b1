import { describe, expect, it } from 'bun:test';
import { allowedMcpOrigins, isMcpOriginAllowed } from './origin.ts';

describe('MCP origin check', () => {
  const allowed = allowedMcpOrigins('https://market.example/', ['https://app.example', 'not a url']);

  it('lets clients without an Origin header through (agents, CLIs, servers)', () => {
    expect(isMcpOriginAllowed(null, allowed)).toBe(true);
  });

  it('allows the public site and the configured browser origins', () => {
    expect(isMcpOriginAllowed('https://market.example', allowed)).toBe(true);
    expect(isMcpOriginAllowed('https://app.example', allowed)).toBe(true);
  });

  it('refuses any other origin, including look-alikes and other ports', () => {
    for (const o of ['https://evil.example', 'https://market.example:8443', 'http://market.example', 'null'])
      expect(isMcpOriginAllowed(o, allowed)).toBe(false);
  });

  it('allows every origin when the operator configured CORS for any origin', () => {
    expect(isMcpOriginAllowed('https://evil.example', allowedMcpOrigins('https://market.example', ['*']))).toBe(true);
  });
});
