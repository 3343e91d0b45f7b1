import { describe, expect, it } from 'bun:test';
import { applyRateLimitHeaders, type BucketName, chooseBucket, isExempt, type LimitResult, resetSeconds } from './rate-limit-rules.ts';

const rateLimitHeaders = (bucket: BucketName, result: LimitResult, windowS: number) => {
  const headers: Record<string, unknown> = {};
  applyRateLimitHeaders(headers, bucket, result, windowS);
  return headers;
};

const customer = { sub: 'u-9', role: 'customer' as const };

describe('chooseBucket', () => {
  it('counts provider webhooks per IP in their own bucket, whatever token they carry', () => {
    expect(chooseBucket('/api/payments/webhooks/stripe', '9.9.9.9', undefined)).toEqual({ name: 'webhooks', key: 'ip:9.9.9.9' });
    expect(chooseBucket('/api/payments/webhooks/razorpay', '9.9.9.9', { sub: 'c1', role: 'customer' })).toEqual({ name: 'webhooks', key: 'ip:9.9.9.9' });
    expect(chooseBucket('/api/payments', '9.9.9.9', { sub: 'c1', role: 'customer' }).name).toBe('authenticated');
  });

  it('counts guests per client IP, since guest tokens are free to mint', () => {
    expect(chooseBucket('/api/services', '1.2.3.4', { sub: 'g-1', role: 'guest' })).toEqual({ name: 'anonymous', key: 'ip:1.2.3.4' });
    expect(chooseBucket('/api/services', '1.2.3.4', { sub: 'g-2', role: 'guest' })).toEqual({ name: 'anonymous', key: 'ip:1.2.3.4' });
  });

  it('counts anonymous callers per client IP', () => {
    expect(chooseBucket('/api/services', '1.2.3.4', undefined)).toEqual({ name: 'anonymous', key: 'ip:1.2.3.4' });
  });

  it('counts callers with a valid token per sub', () => {
    expect(chooseBucket('/api/services', '1.2.3.4', customer)).toEqual({ name: 'authenticated', key: 'sub:u-9' });
    expect(chooseBucket('/mcp', '1.2.3.4', customer)).toEqual({ name: 'authenticated', key: 'sub:u-9' });
  });

  it('counts /api/auth/* per IP in its own bucket, token or not', () => {
    expect(chooseBucket('/api/auth/send-otp', '1.2.3.4', undefined)).toEqual({ name: 'auth-routes', key: 'ip:1.2.3.4' });
    expect(chooseBucket('/api/auth/refresh', '1.2.3.4', customer)).toEqual({ name: 'auth-routes', key: 'ip:1.2.3.4' });
    expect(chooseBucket('/api/authors', '1.2.3.4', undefined).name).toBe('anonymous');
  });
});

describe('isExempt', () => {
  it('exempts only the health probes and the metrics scrape', () => {
    expect(isExempt('/healthz')).toBe(true);
    expect(isExempt('/readyz')).toBe(true);
    expect(isExempt('/metrics')).toBe(true);
    expect(isExempt('/api/metrics')).toBe(false);
    expect(isExempt('/api/healthz')).toBe(false);
    expect(isExempt('/sitemap.xml')).toBe(false);
  });
});

describe('applyRateLimitHeaders', () => {
  it('writes the RateLimit trio and the IETF draft fields', () => {
    expect(rateLimitHeaders('anonymous', { allowed: true, limit: 300, remaining: 299, resetS: 42 }, 60)).toEqual({
      'ratelimit-limit': '300',
      'ratelimit-remaining': '299',
      'ratelimit-reset': '42',
      'ratelimit-policy': '"anonymous";q=300;w=60',
      ratelimit: '"anonymous";r=299;t=42',
    });
  });

  it('adds Retry-After when the request is refused', () => {
    expect(rateLimitHeaders('auth-routes', { allowed: false, limit: 30, remaining: 0, resetS: 17 }, 60)['retry-after']).toBe('17');
  });
});

describe('resetSeconds', () => {
  it('rounds up to whole seconds and never says 0', () => {
    expect(resetSeconds(1)).toBe(1);
    expect(resetSeconds(1000)).toBe(1);
    expect(resetSeconds(1001)).toBe(2);
    expect(resetSeconds(0)).toBe(1);
  });
});
