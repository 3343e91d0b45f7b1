import { describe, expect, it } from 'bun:test';
import { stripResponseHeaders, upstreamRequestHeaders } from './headers.ts';
import { resolveTarget, searchOf } from './routing.ts';

describe('resolveTarget', () => {
  it('maps each public prefix to its service and strips /api', () => {
    expect(resolveTarget('/api/auth/send-otp')).toEqual({ service: 'auth', path: '/auth/send-otp' });
    expect(resolveTarget('/api/account/me')).toEqual({ service: 'auth', path: '/account/me' });
    expect(resolveTarget('/api/services')).toEqual({ service: 'catalog', path: '/services' });
    expect(resolveTarget('/api/services/react-developer/quote')).toEqual({ service: 'catalog', path: '/services/react-developer/quote' });
    expect(resolveTarget('/api/jobs/pricing')).toEqual({ service: 'catalog', path: '/jobs/pricing' });
    expect(resolveTarget('/api/talent/sitemap')).toEqual({ service: 'talent', path: '/talent/sitemap' });
  });

  it('owns nothing else', () => {
    // /internal/* (auth's contacts and revocation feed, bookings' account export and erase) is never public.
    for (const path of [
      '/api',
      '/api/',
      '/api/jobs',
      '/api/jobs/other',
      '/api/servicesx',
      '/services',
      '/api/pmx',
      '/api/internal/contacts',
      '/internal/contacts',
    ]) {
      expect(resolveTarget(path)).toBeUndefined();
    }
  });
});

describe('searchOf', () => {
  it('takes the query of a request URL without a URL object', () => {
    expect(searchOf('http://localhost/api/services?page=2&x=%20')).toBe('?page=2&x=%20');
    expect(searchOf('http://localhost/api/services')).toBe('');
  });
});

const names = (h: Headers) => {
  const out: string[] = [];
  h.forEach((_, name) => {
    out.push(name);
  });
  return out;
};

describe('proxy headers', () => {
  it('drops hop-by-hop and client forwarding headers and sets the resolved IP and id', () => {
    const out = upstreamRequestHeaders(
      new Headers({
        connection: 'close, x-drop',
        'x-drop': '1',
        'transfer-encoding': 'chunked',
        'x-forwarded-for': '6.6.6.6',
        forwarded: 'for=6.6.6.6',
        'x-country': 'AE',
        authorization: 'Bearer t',
      }),
      '203.0.113.7',
      'rid-12345678',
    );
    expect(names(out).sort()).toEqual(['authorization', 'x-country', 'x-forwarded-for', 'x-request-id']);
    expect(out.get('x-forwarded-for')).toBe('203.0.113.7');
  });

  it('drops the encoding and length of a body fetch already decoded', () => {
    const out = new Headers({
      'content-encoding': 'gzip',
      'content-length': '10',
      'content-type': 'application/json',
      'keep-alive': 'timeout=5',
      connection: 'x-hop',
      'x-hop': '1',
    });
    stripResponseHeaders(out);
    expect(names(out)).toEqual(['content-type']);
    const plain = new Headers({ 'content-length': '10' });
    stripResponseHeaders(plain);
    expect(plain.get('content-length')).toBe('10');
  });
});
