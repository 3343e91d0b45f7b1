import { isStopWord, synonymsOf } from './language-data.ts';
import { queryWords, searchWords } from './search-tokens.ts';
import { allowedEdits } from './typos.ts';

/** One word of a parsed query and what it may match. */
export interface QueryTerm {
  /** The word in its search form. */
  word: string;
  /** false for a stop word ("for", "के", "في", "für"): it adds to the score when found, never excludes. */
  required: boolean;
  /** Whether the word may begin a longer word (not for one letter: "a" would match half the index). */
  prefix: boolean;
  /** How many edits from a document word still match (0, 1 or 2 by the word's length). */
  edits: number;
  /** Other forms of the word: each phrase matches when a document holds all its words (as prefixes). */
  alternatives: readonly (readonly string[])[];
}

/** The most words a query is read for: a long query cannot multiply the work. */
export const MAX_QUERY_WORDS = 8;

/**
 * The terms of a free-text query: its distinct words (at most MAX_QUERY_WORDS), each with the
 * synonyms and transliterations of data/synonyms.json, an Arabic word also without its article
 * ("المطور" → "مطور"), stop words not required. A query of stop words only requires them all.
 */
export function parseQuery(text: string): QueryTerm[] {
  const words = searchWords(text).slice(0, MAX_QUERY_WORDS);
  const everyWordStops = words.every(isStopWord);
  return words.map((word) => {
    const alternatives = [...synonymsOf(word)];
    const bare = withoutArabicArticle(word);
    if (bare !== undefined) alternatives.push([bare], ...synonymsOf(bare));
    return {
      word,
      required: everyWordStops || !isStopWord(word),
      prefix: [...word].length > 1,
      edits: allowedEdits(word),
      alternatives,
    };
  });
}

/**
 * The words a word-prefix filter requires (the catalog's `?search=`, store side and read model
 * alike): the query's words longest first, at most MAX_QUERY_WORDS, without the stop words as
 * parseQuery leaves them unrequired ("developer for fintech" asks what "developer fintech" asks);
 * a query of stop words only requires them all.
 */
export function requiredQueryWords(text: string): string[] {
  const words = queryWords(text, Number.POSITIVE_INFINITY);
  const kept = words.filter((w) => !isStopWord(w));
  return (kept.length > 0 ? kept : words).slice(0, MAX_QUERY_WORDS);
}

/** An Arabic word after its definite article "ال", when what is left is a word of 3 letters or more. */
function withoutArabicArticle(word: string): string | undefined {
  return word.startsWith('\u0627\u0644') && word.length >= 5 ? word.slice(2) : undefined;
}
