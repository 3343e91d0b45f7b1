import { describe, expect, it } from 'bun:test';
import { stripResponseHeaders, upstreamRequestHeaders } from './headers.ts';
import { resolveOfrepTarget, resolveTarget, searchOf } from './routing.ts';

describe('resolveTarget', () => {
  it('maps each public prefix to its service and strips /api', () => {
    expect(resolveTarget('/api/auth/send-otp')).toEqual({ service: 'auth', path: '/auth/send-otp' });
    expect(resolveTarget('/api/account/me')).toEqual({ service: 'auth', path: '/account/me' });
    expect(resolveTarget('/api/services')).toEqual({ service: 'catalog', path: '/services' });
    expect(resolveTarget('/api/services/react-developer/quote')).toEqual({ service: 'catalog', path: '/services/react-developer/quote' });
    expect(resolveTarget('/api/jobs/pricing')).toEqual({ service: 'catalog', path: '/jobs/pricing' });
    expect(resolveTarget('/api/talent/sitemap')).toEqual({ service: 'talent', path: '/talent/sitemap' });
  });

  it('maps the areas of the six newer services (design/*.md) to their service', () => {
    const cases: [string, string][] = [
      ['/api/chat/conversations', 'messaging'],
      ['/api/chat/b1/messages', 'messaging'],
      ['/api/legal/terms', 'content'],
      ['/api/i18n/locales', 'content'],
      ['/api/content/pages/about', 'content'],
      ['/api/reviews/summary', 'reviews'],
      ['/api/search', 'search'],
      ['/api/search/suggest', 'search'],
      ['/api/flags/new-checkout', 'growth'],
      ['/api/experiments/exposures', 'growth'],
      ['/api/track', 'growth'],
      ['/api/consents', 'growth'],
      ['/api/leads', 'growth'],
      ['/api/chatbot/sessions', 'assistant'],
    ];
    for (const [path, service] of cases)
      expect({ path, target: resolveTarget(path) }).toEqual({ path, target: { service: service as never, path: path.slice(4) } });
    // /api/chat and /api/chatbot are different services; neither owns a longer word.
    expect(resolveTarget('/api/chatbot')?.service).toBe('assistant');
    expect(resolveTarget('/api/chatter')).toBeUndefined();
    expect(resolveTarget('/api/tracking')).toBeUndefined();
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

describe('resolveOfrepTarget', () => {
  it('sends /ofrep/v1/... at the site root to growth with its path unchanged, and nothing else', () => {
    expect(resolveOfrepTarget('/ofrep/v1/evaluate/flags')).toEqual({ service: 'growth', path: '/ofrep/v1/evaluate/flags' });
    expect(resolveOfrepTarget('/ofrep/v1/evaluate/flags/dark-mode')).toEqual({ service: 'growth', path: '/ofrep/v1/evaluate/flags/dark-mode' });
    for (const path of ['/ofrep/v1/', '/ofrep/v1', '/ofrep/v2/evaluate/flags', '/api/ofrep/v1/evaluate/flags', '/ofrepx/v1/a'])
      expect(resolveOfrepTarget(path)).toBeUndefined();
  });
});

describe('searchOf', () => {
  it('takes the query of a request URL without a URL object', () => {
    expect(searchOf('http://localhost/api/services?page=2&x=%20')).toBe('?page=2&x=%20');
    expect(searchOf('http://localhost/api/services')).toBe('');
  });

  it("has no query when the '?' comes after a '#' (it is the fragment's), and ends a query at its '#'", () => {
    expect(searchOf('http://localhost/api/reviews/moderation#?page=2')).toBe('');
    expect(searchOf('http://localhost/api/services?page=2#top')).toBe('?page=2');
    expect(searchOf('http://localhost/api/services?page=2#a?b')).toBe('?page=2');
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

  it('keeps the encoding and length of a request body, and the client trace context when the gateway has none', () => {
    const out = upstreamRequestHeaders(
      new Headers({ 'content-encoding': 'gzip', 'content-length': '20', host: 'gw', 'keep-alive': 'timeout=5', 'x-real-ip': '6.6.6.6', traceparent: 'tp' }),
      '203.0.113.7',
      'rid-12345678',
    );
    expect(names(out).sort()).toEqual(['content-encoding', 'content-length', 'traceparent', 'x-forwarded-for', 'x-request-id']);
    expect(upstreamRequestHeaders(new Headers({ traceparent: 'tp' }), 'ip', 'rid-12345678', 'ours').get('traceparent')).toBe('ours');
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

  it('drops the length of a decoded body even when Connection names its encoding, and every name Connection lists', () => {
    const out = new Headers({
      connection: 'Content-Encoding, X-Hop',
      'content-encoding': 'gzip',
      'content-length': '10',
      'content-type': 'application/json',
      'x-hop': '1',
      'transfer-encoding': 'chunked',
      upgrade: 'h2c',
    });
    stripResponseHeaders(out);
    expect(names(out)).toEqual(['content-type']);
  });
});
