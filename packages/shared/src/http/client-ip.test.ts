import { describe, expect, it } from 'bun:test';
import { acceptRequestId } from '../core/request-id.ts';
import { clientIpOf, UNKNOWN_CLIENT_IP } from './client-ip.ts';

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
  const ipOf = (forwardedFor: string | undefined, hops: number) => clientIpOf(request(forwardedFor), serverAt('10.0.0.1'), hops);

  it('uses the socket address when no proxy is trusted, whatever the header says', () => {
    expect(ipOf('6.6.6.6', 0)).toBe('10.0.0.1');
  });

  it('takes the entry written by the outermost trusted proxy, without asking the socket', () => {
    const server = serverAt('10.0.0.1');
    expect(clientIpOf(request('203.0.113.9'), server, 1)).toBe('203.0.113.9');
    // A client that sends its own X-Forwarded-For only prepends entries we never read.
    expect(clientIpOf(request('6.6.6.6, 203.0.113.9'), server, 1)).toBe('203.0.113.9');
    expect(clientIpOf(request('6.6.6.6, 203.0.113.9, 10.0.0.2'), server, 2)).toBe('203.0.113.9');
    expect(server.calls).toBe(0);
  });

  it('skips blank entries and gives the leftmost when there are fewer than the trusted hops', () => {
    expect(ipOf('203.0.113.9, ,', 1)).toBe('203.0.113.9');
    expect(ipOf('203.0.113.9', 3)).toBe('203.0.113.9');
  });

  it('asks the socket when the header is absent or has no entry', () => {
    const server = serverAt('10.0.0.1');
    expect(clientIpOf(request(), server, 1)).toBe('10.0.0.1');
    expect(clientIpOf(request(' , '), server, 1)).toBe('10.0.0.1');
    expect(server.calls).toBe(2);
  });

  it('says unknown without a server (app.handle in tests) or a socket address', () => {
    expect(clientIpOf(request(), null, 1)).toBe(UNKNOWN_CLIENT_IP);
    expect(clientIpOf(request(' , '), serverAt(undefined), 1)).toBe(UNKNOWN_CLIENT_IP);
    expect(clientIpOf(request(), serverAt(undefined), 0)).toBe(UNKNOWN_CLIENT_IP);
  });

  it('gives what the rule as first written gave (split, trim, drop blanks, index from the right, else the socket)', () => {
    const firstWritten = (header: string | undefined, socket: string, hops: number) => {
      if (hops <= 0 || !header) return socket;
      const entries = header
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      return entries[entries.length - hops] ?? entries[0] ?? socket;
    };
    const headers = [undefined, '', '203.0.113.9', '6.6.6.6, 203.0.113.9', 'a, b, c', ' , ', 'a,,b', ' a ,b , '];
    for (const header of headers) for (const hops of [0, 1, 2, 3]) expect(ipOf(header, hops)).toBe(firstWritten(header, '10.0.0.1', hops));
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
