import { CHAT_MASK } from '@tm/contracts';

/**
 * Contact details before the deal (design/chat.md): until a booking is `confirmed`, a message's
 * email addresses, phone numbers (7 or more digits, spaced, dotted or dashed, in ASCII,
 * Devanagari or Arabic-Indic digits), web links other than the site's own and messenger handles
 * (`wa.me/…`, `t.me/…`, `@handle`) become `[hidden]`. Prices, dates, times and booking numbers
 * are left alone: they are found first and no phone number may run through one.
 */
export interface MaskResult {
  body: string;
  masked: boolean;
}

/** Digits in the scripts people write numbers in here: ASCII, Arabic-Indic, Extended Arabic-Indic (Urdu, Persian), Devanagari. */
const D = '[0-9\\u0660-\\u0669\\u06F0-\\u06F9\\u0966-\\u096F]';

const EMAIL = /[\p{L}\p{M}\p{N}._%+-]+@[\p{L}\p{M}\p{N}-]+(?:\.[\p{L}\p{M}\p{N}-]+)*\.[\p{L}\p{M}]{2,}/gu;

/** Top-level domains a bare link (`mysite.de/contact`) is recognised by; a scheme or `www.` is a link whatever follows. */
const TLDS = [
  'com', 'net', 'org', 'io', 'co', 'de', 'in', 'ae', 'sa', 'me', 'info', 'biz', 'app', 'dev', 'xyz', 'ly', 'gg', 'uk', 'eu', 'us', 'ru', 'ch', 'at',
  'nl', 'fr', 'es', 'it', 'pk', 'eg', 'qa', 'kw', 'om', 'bh', 'link', 'site', 'online', 'page', 'to', 'cc', 'tv', 'ai', 'so', 'ws', 'im', 'li', 'be',
]; // biome-ignore format: a list
const LINK = new RegExp(
  [
    '(?:https?:\\/\\/|www\\.)[^\\s<>"\']+',
    `(?<![\\p{L}\\p{M}\\p{N}@._-])(?:[\\p{L}\\p{M}\\p{N}-]+\\.)+(?:${TLDS.join('|')})(?![\\p{L}\\p{M}\\p{N}-])(?:\\/[^\\s<>"']*)?`,
  ].join('|'),
  'giu',
);
/** A handle: `@` and 3 or more letters, digits, `_` or `.`, starting with a letter or `_` (so `@5pm` is a time, not a handle). */
const HANDLE = /(?<![\p{L}\p{M}\p{N}._%+-])@[\p{L}_][\p{L}\p{M}\p{N}_.]{2,}/gu;

/** Dates (2026-11-26, 26.11.2026, 26/11/26): kept when they are real dates. */
const DATE = new RegExp(`(?<!${D})(?:${D}{4}[-./]${D}{1,2}[-./]${D}{1,2}|${D}{1,2}[-./]${D}{1,2}[-./](?:${D}{4}|${D}{2}))(?!${D})`, 'gu');
/** Times (10:30), booking numbers (BK-7Q4M2X9A) and prices next to a currency. */
const CURRENCY = '(?:€|\\$|₹|£|¥|﷼|EUR|INR|USD|GBP|AED|SAR|CHF|Rs\\.?|रु\\.?|रुपये|रुपए|ريال|درهم|ر\\.س|د\\.إ|Euro)';
const AMOUNT = `${D}{1,3}(?:[.,\\u00a0\\u202f' ]${D}{3})+(?:[.,٫]${D}{1,2})?|${D}+(?:[.,٫]${D}{1,2})?`;
const PROTECTED = new RegExp(
  [
    `(?<!${D})${D}{1,2}:${D}{2}(?::${D}{2})?(?!${D})`,
    '\\bBK-[0-9A-Z]{8}\\b',
    `${CURRENCY}\\s?(?:${AMOUNT})(?:\\s?(?:k|K|L|lakh|Lakh|crore|Mio\\.?|million))?`,
    `(?:${AMOUNT})\\s?${CURRENCY}`,
  ].join('|'),
  'gu',
);
/** A run of digits with the separators people put in phone numbers; long enough (7 digits) decides later. */
const PHONE_RUN = new RegExp(`(?<![\\p{L}\\p{N}])(?:\\+|00)?\\(?${D}(?:[ \\u00a0.\\-/()]{0,3}${D})*\\)?(?![\\p{L}\\p{N}])`, 'gu');
const DIGIT = new RegExp(D, 'gu');

/** Where a value is kept out of later steps: U+E000 and one private-use character counting from U+E100 (never typed, never a digit). */
const HOLD = /\uE000([\uE100-\uF8FF])/g;

function toAscii(s: string): string {
  return s.replace(DIGIT, (d) => {
    const c = d.codePointAt(0) ?? 48;
    for (const zero of [0x30, 0x660, 0x6f0, 0x966]) if (c >= zero && c <= zero + 9) return String(c - zero);
    return d;
  });
}

function isDate(value: string): boolean {
  const parts = toAscii(value).split(/[-./]/).map(Number);
  if (parts.length !== 3) return false;
  const [a = 0, b = 0, c = 0] = parts;
  // Year first (2026-11-26) or day first (26.11.2026, 26/11/26); the US month first (11/26/2026) also passes.
  if (toAscii(value).match(/^\d{4}/)) return b >= 1 && b <= 12 && c >= 1 && c <= 31;
  return ((a >= 1 && a <= 31 && b >= 1 && b <= 12) || (a >= 1 && a <= 12 && b >= 1 && b <= 31)) && c >= 0;
}

function hostOf(link: string): string | undefined {
  try {
    return new URL(/^https?:\/\//i.test(link) ? link : `https://${link}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** Creates the masker for one site: links to `siteUrl`'s host (PUBLIC_SITE_URL) are the platform's own and stay. */
export function createMasker(siteUrl: string) {
  const siteHost = hostOf(siteUrl);
  return function maskContacts(text: string): MaskResult {
    let masked = false;
    const held: string[] = [];
    const hold = (value: string) => `\uE000${String.fromCharCode(0xe100 + held.push(value) - 1)}`;
    const hide = () => {
      masked = true;
      return CHAT_MASK;
    };
    let out = text.replace(EMAIL, hide);
    out = out.replace(LINK, (match) => {
      // Sentence punctuation after a link is not part of it.
      const link = match.replace(/[.,;:!?)\]}'"»،。]+$/u, '');
      const rest = match.slice(link.length);
      return (siteHost !== undefined && hostOf(link) === siteHost ? hold(link) : hide()) + rest;
    });
    out = out.replace(HANDLE, hide);
    out = out.replace(DATE, (value) => (isDate(value) ? hold(value) : value));
    out = out.replace(PROTECTED, hold);
    out = out.replace(PHONE_RUN, (run) => ((run.match(DIGIT)?.length ?? 0) >= 7 ? hide() : run));
    out = out.replace(HOLD, (_, i: string) => held[i.charCodeAt(0) - 0xe100] ?? '');
    return { body: out, masked };
  };
}

export type Masker = ReturnType<typeof createMasker>;
