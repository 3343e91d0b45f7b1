import { t } from 'elysia';

/** The headers that choose market and language, documented on every public read. */
export const LocaleHeadersSchema = t.Object({
  'x-country': t.Optional(t.String({ description: 'Market: IN (default), AE, DE, US or AU, any letter case; anything else is 400 INVALID_COUNTRY' })),
  'x-lang': t.Optional(t.String({ description: 'BCP-47 language (en, hi, ar, de); unsupported or absent falls back to en' })),
});
