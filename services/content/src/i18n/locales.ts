import { LANGUAGES, type Lang, type Locale } from '@tm/contracts';

/** The locales copy is written in, each named in itself; Arabic is written right to left. */
export const LOCALES: readonly Locale[] = [
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'hi', name: 'हिन्दी', dir: 'ltr' },
  { code: 'ar', name: 'العربية', dir: 'rtl' },
  { code: 'de', name: 'Deutsch', dir: 'ltr' },
];

/** A path language: exactly one of the codes, else undefined (a 404 LOCALE_NOT_FOUND). */
export function localeOf(raw: string): Lang | undefined {
  return (LANGUAGES as readonly string[]).includes(raw) ? (raw as Lang) : undefined;
}
