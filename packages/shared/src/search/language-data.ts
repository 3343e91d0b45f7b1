import stopWordData from './data/stop-words.json' with { type: 'json' };
import synonymData from './data/synonyms.json' with { type: 'json' };
import { searchWords } from './search-tokens.ts';

/**
 * The language data of search, kept as JSON beside this file (data/stop-words.json and
 * data/synonyms.json) so a new short form or transliteration is one line, not code. Both are
 * normalised on load with the same rules as documents and queries.
 */

/** The stop words of en, hi, ar and de in their search form: never required words of a query. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  Object.entries(stopWordData)
    .filter(([lang]) => !lang.startsWith('$'))
    .flatMap(([, words]) => (words as string[]).flatMap((w) => searchWords(w))),
);

/** A query word's synonym phrases, each as its search words (a document must hold all of a phrase's words). */
const SYNONYMS: ReadonlyMap<string, readonly (readonly string[])[]> = (() => {
  const table = new Map<string, string[][]>();
  for (const [key, phrases] of Object.entries(synonymData)) {
    if (key.startsWith('$')) continue;
    const [word] = searchWords(key);
    if (word === undefined) continue;
    const list = table.get(word) ?? [];
    for (const phrase of phrases as string[]) {
      const words = searchWords(phrase);
      if (words.length > 0) list.push(words);
    }
    table.set(word, list);
  }
  return table;
})();

/** The phrases a query word also stands for ("pm" → [["project", "manager"], ...]); none for most words. */
export function synonymsOf(word: string): readonly (readonly string[])[] {
  return SYNONYMS.get(word) ?? [];
}

/** Whether a word (in its search form) is a stop word of one of the four languages. */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}
