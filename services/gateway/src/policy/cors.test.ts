import { describe, expect, it } from 'bun:test';
import { createCorsPolicy, isPreflight } from './cors.ts';

describe('createCorsPolicy', () => {
  it('allows only listed origins, echoing the origin', () => {
    // Origins arrive normalised by config (see config.test.ts for the trailing slash and case).
    const cors = createCorsPolicy(['https://app.example', 'https://admin.example']);
    expect(cors.headersFor('https://app.example')?.['access-control-allow-origin']).toBe('https://app.example');
    expect(cors.headersFor('https://admin.example')?.['access-control-allow-origin']).toBe('https://admin.example');
    expect(cors.headersFor('https://evil.example')).toEqual({ vary: 'Origin' });
    expect(cors.headersFor(null)).toBeUndefined();
  });

  it('allows any origin with *', () => {
    expect(createCorsPolicy(['*']).preflightHeadersFor('https://x.example')?.['access-control-allow-origin']).toBe('*');
  });

  it('allows nothing with an empty list', () => {
    expect(createCorsPolicy([]).headersFor('https://app.example')).toBeUndefined();
  });
});

describe('isPreflight', () => {
  it('is an OPTIONS carrying Access-Control-Request-Method', () => {
    expect(isPreflight('OPTIONS', new Headers({ 'access-control-request-method': 'POST' }))).toBe(true);
    expect(isPreflight('OPTIONS', new Headers())).toBe(false);
    expect(isPreflight('GET', new Headers({ 'access-control-request-method': 'POST' }))).toBe(false);
  });
});
