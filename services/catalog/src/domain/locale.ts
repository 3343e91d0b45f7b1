import { resolveLang, resolveMarket } from '@tm/shared/money';
import { Elysia } from 'elysia';

/**
 * Resolves X-Country (400 INVALID_COUNTRY when unknown) and X-Lang (falls back to en) once per
 * request. Every answer varies by both headers; Content-Language (the language actually served)
 * goes on successful answers only, since error messages are always English.
 */
export const localeContext = new Elysia({ name: 'catalog-locale' })
  .derive({ as: 'scoped' }, ({ request, set }) => {
    set.headers.vary = 'X-Country, X-Lang';
    const market = resolveMarket(request.headers.get('x-country'));
    const lang = resolveLang(request.headers.get('x-lang'));
    return { market, lang };
  })
  .onAfterHandle({ as: 'scoped' }, ({ lang, set }) => {
    set.headers['content-language'] = lang;
  });
