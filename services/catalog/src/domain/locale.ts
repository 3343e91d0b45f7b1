import { resolveLang, resolveMarket } from '@tm/shared/money';
import { Elysia, t } from 'elysia';

/** The headers that choose market and language, documented on every public route. */
export const LocaleHeadersSchema = t.Object({
  'x-country': t.Optional(t.String({ description: 'Market: IN (default), AE, DE, US or AU, any letter case; anything else is 400 INVALID_COUNTRY' })),
  'x-lang': t.Optional(t.String({ description: 'BCP-47 language (en, hi, ar, de); unsupported or absent falls back to en' })),
});

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
