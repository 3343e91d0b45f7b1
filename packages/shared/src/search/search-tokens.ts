/**
 * Search tokens shared by the catalog and talent search: text is cut into words (runs of letters,
 * combining marks and digits in any script) and each word normalised so that case, Latin
 * diacritics, German ß, Arabic vowel marks, tatweel and alef/yeh variants do not matter.
 * Devanagari vowel signs are letters of the word, not decoration, and are kept.
 */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const LATIN_MARKS = /[\u0300-\u036f]/g;
const ARABIC_MARKS = /[\u064b-\u065f\u0670\u0640]/g;

/** Words seen recently and their search form: catalogs repeat their words, so most are looked up, not redone. */
const memo = new Map<string, string>();
const MEMO_MAX = 100_000;

/** One word in its search form. */
export function normaliseWord(word: string): string {
  let known = memo.get(word);
  if (known === undefined) {
    known = normalise(word);
    if (memo.size >= MEMO_MAX) memo.clear();
    memo.set(word, known);
  }
  return known;
}

function normalise(word: string): string {
  return word
    .normalize('NFD')
    .replace(LATIN_MARKS, '')
    .normalize('NFC')
    .toLowerCase()
    .replaceAll('ß', 'ss')
    .replace(ARABIC_MARKS, '')
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
    .replace(/\u0649/g, '\u064a')
    .replace(/\u0629/g, '\u0647');
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
