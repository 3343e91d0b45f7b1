import { describe, expect, it } from 'bun:test';
import { acceptRequestId } from '../core/request-id.ts';
import { resolveClientIp } from './client-ip.ts';

describe('resolveClientIp', () => {
  it('uses the socket address when no proxy is trusted, whatever the header says', () => {
    expect(resolveClientIp('6.6.6.6', '10.0.0.1', 0)).toBe('10.0.0.1');
  });

  it('takes the entry written by the outermost trusted proxy', () => {
    expect(resolveClientIp('203.0.113.9', '10.0.0.1', 1)).toBe('203.0.113.9');
    // A client that sends its own X-Forwarded-For only prepends entries we never read.
    expect(resolveClientIp('6.6.6.6, 203.0.113.9', '10.0.0.1', 1)).toBe('203.0.113.9');
    expect(resolveClientIp('6.6.6.6, 203.0.113.9, 10.0.0.2', '10.0.0.1', 2)).toBe('203.0.113.9');
  });

  it('falls back to the socket when the header is absent', () => {
    expect(resolveClientIp(null, '10.0.0.1', 1)).toBe('10.0.0.1');
  });
});

describe('acceptRequestId', () => {
  it('keeps a well-formed id and replaces anything else', () => {
    expect(acceptRequestId('req-12345678')).toBe('req-12345678');
    expect(acceptRequestId('bad id with spaces')).toMatch(/^[0-9a-f-]{36}$/);
    expect(acceptRequestId('x'.repeat(200))).toMatch(/^[0-9a-f-]{36}$/);
    expect(acceptRequestId(undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
