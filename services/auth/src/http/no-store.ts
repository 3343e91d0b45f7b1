import { pathOfUrl } from '@tm/shared/http';
import { Elysia } from 'elysia';

/**
 * Token and account answers must never be cached by a browser or proxy (RFC 6749 §5.1, ASVS
 * 8.2.1): every /auth and /account response, errors included, carries Cache-Control: no-store.
 */
export function noStore() {
  return new Elysia({ name: 'auth:no-store' }).onRequest(({ request, set }) => {
    const path = pathOfUrl(request.url);
    if (path.startsWith('/auth/') || path.startsWith('/account/')) {
      set.headers['cache-control'] = 'no-store';
      set.headers.pragma = 'no-cache';
    }
  });
}
