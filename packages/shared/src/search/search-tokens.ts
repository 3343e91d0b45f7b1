/**
 * Search tokens shared by every search (catalog, talent, the one search): text is cut into words
 * (runs of letters, combining marks and digits in any script) and each word normalised: Unicode
 * NFKC (full-width and ligature forms, Arabic presentation forms), lower case, Latin diacritics
 * folded (ü→u, é→e), German ß→ss, Arabic vowel marks and tatweel dropped, alef forms (أ إ آ ٱ)→ا,
 * ة→ه, ى→ي, and Devanagari and Arabic-Indic digits to ASCII digits. Devanagari vowel signs are
 * letters of the word, not decoration, and are kept.
 */
import { RecentMemo } from './recent-memo.ts';

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const LATIN_MARKS = /[\u0300-\u036f]/g;
const ARABIC_MARKS = /[\u064b-\u065f\u0670\u0640]/g;

/** Words seen recently and their search form: catalogs repeat their words, so most are looked up, not redone. */
const memo = new RecentMemo<string, string>(50_000);

/** One word in its search form. */
export function normaliseWord(word: string): string {
  let known = memo.get(word);
  if (known === undefined) {
    known = normalise(word);
    memo.set(word, known);
  }
  return known;
}

/** Devanagari (०-९), Arabic-Indic (٠-٩) and Extended Arabic-Indic (۰-۹) digits. */
const OTHER_DIGITS = /[\u0966-\u096f\u0660-\u0669\u06f0-\u06f9]/g;
const asciiDigit = (d: string): string => {
  const c = d.codePointAt(0) as number;
  return String(c >= 0x0966 ? c - 0x0966 : c & 0xf);
};

function normalise(word: string): string {
  // NFKD then NFC after dropping the Latin marks is NFKC with the accents folded.
  return word
    .normalize('NFKD')
    .replace(LATIN_MARKS, '')
    .normalize('NFC')
    .toLowerCase()
    .replaceAll('ß', 'ss')
    .replace(ARABIC_MARKS, '')
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
    .replace(/\u0649/g, '\u064a')
    .replace(/\u0629/g, '\u0647')
    .replace(OTHER_DIGITS, asciiDigit);
}

/** The distinct search words of a text, in first-seen order. */
export function searchWords(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(WORD)) {
    const w = normaliseWord(m[0]);
    if (w.length > 0) out.add(w);
  }
  return [...out];
}

/**
 * The words of a query, longest first (the most selective narrows the search soonest); at most
 * `max` of them, so a long query cannot multiply the work. No words (`.*`, `-`) matches nothing.
 */
export function queryWords(text: string, max = 8): string[] {
  return searchWords(text)
    .sort((a, b) => b.length - a.length)
    .slice(0, max);
}

/** The first string after every string starting with `prefix`, for a range scan of sorted words. */
export function prefixEnd(prefix: string): string {
  return `${prefix}\uffff`;
}
