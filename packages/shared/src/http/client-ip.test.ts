import { describe, expect, it } from 'bun:test';
import { acceptRequestId } from '../core/request-id.ts';
import { clientIpOf, resolveClientIp } from './client-ip.ts';

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

  it('skips blank entries, gives the leftmost when there are fewer than the trusted hops, and the socket when none', () => {
    expect(resolveClientIp('203.0.113.9, ,', '10.0.0.1', 1)).toBe('203.0.113.9');
    expect(resolveClientIp('203.0.113.9', '10.0.0.1', 3)).toBe('203.0.113.9');
    expect(resolveClientIp(' , ', '10.0.0.1', 1)).toBe('10.0.0.1');
    expect(resolveClientIp(' , ', undefined, 1)).toBe('unknown');
  });
});

describe('clientIpOf', () => {
  /** A server that answers requestIP with `address` and counts the calls. */
  const serverAt = (address: string | undefined) => {
    const server = {
      calls: 0,
      requestIP(_request: Request) {
        server.calls++;
        return address === undefined ? null : { address };
      },
    };
    return server;
  };
  const request = (forwardedFor?: string) => new Request('http://gw/api/x', { headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } });

  it('answers from a trusted X-Forwarded-For without asking the socket', () => {
    const server = serverAt('10.0.0.1');
    expect(clientIpOf(request('6.6.6.6, 203.0.113.9'), server, 1)).toBe('203.0.113.9');
    expect(clientIpOf(request('6.6.6.6, 203.0.113.9, 10.0.0.2'), server, 2)).toBe('203.0.113.9');
    expect(server.calls).toBe(0);
  });

  it('asks the socket when no proxy is trusted (the header is never read) or the header has no entry', () => {
    const server = serverAt('10.0.0.1');
    expect(clientIpOf(request('6.6.6.6'), server, 0)).toBe('10.0.0.1');
    expect(clientIpOf(request(), server, 1)).toBe('10.0.0.1');
    expect(clientIpOf(request(' , '), server, 1)).toBe('10.0.0.1');
    expect(server.calls).toBe(3);
  });

  it('says unknown without a server (app.handle in tests) or a socket address', () => {
    expect(clientIpOf(request(), null, 1)).toBe('unknown');
    expect(clientIpOf(request(), serverAt(undefined), 0)).toBe('unknown');
  });

  it('agrees with resolveClientIp, and with the rule as first written (split, trim, drop blanks, index from the right)', () => {
    const firstWritten = (header: string | undefined, socket: string, hops: number) => {
      if (hops <= 0 || !header) return socket;
      const entries = header
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      return entries[entries.length - hops] ?? entries[0] ?? socket;
    };
    const headers = [undefined, '', '203.0.113.9', '6.6.6.6, 203.0.113.9', 'a, b, c', ' , ', 'a,,b', ' a ,b , '];
    for (const header of headers)
      for (const hops of [0, 1, 2, 3]) {
        const expected = firstWritten(header, '10.0.0.1', hops);
        expect(clientIpOf(request(header), serverAt('10.0.0.1'), hops)).toBe(expected);
        expect(resolveClientIp(header ?? null, '10.0.0.1', hops)).toBe(expected);
      }
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
