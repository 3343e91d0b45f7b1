import { resolveLang, resolveMarket } from '@tm/shared';
import { Elysia, t } from 'elysia';

/** The headers that choose market and language, documented on every public route. */
export const LocaleHeadersSchema = t.Object({
  'x-country': t.Optional(t.String({ description: 'Market: IN (default), AE, DE, US or AU, any letter case; anything else is 400 INVALID_COUNTRY' })),
  'x-lang': t.Optional(t.String({ description: 'BCP-47 language (en, hi, ar, de); unsupported or absent falls back to en' })),
});

/**
 * Resolves X-Country (400 INVALID_COUNTRY when unknown) and X-Lang (falls back to en) once per
 * request, and marks the response as varying by both, with the language actually served.
 */
export const localeContext = new Elysia({ name: 'catalog-locale' }).derive({ as: 'scoped' }, ({ request, set }) => {
  const market = resolveMarket(request.headers.get('x-country'));
  const lang = resolveLang(request.headers.get('x-lang'));
  set.headers['content-language'] = lang;
  set.headers.vary = 'X-Country, X-Lang';
  return { market, lang };
});
