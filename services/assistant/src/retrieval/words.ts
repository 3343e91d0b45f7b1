import { searchWords } from '@tm/shared/search';

/** Words that say nothing about what the person wants (English and German; other languages pass through). */
const STOP = new Set(
  (
    'a an the and or but if of for to in on at by with from about as is are was were be been am do does did have has had i me my we our you your ' +
    'it its this that these those what which who whom how when where why can could would should will shall may might must need want like please ' +
    'hi hello hey thanks thank there here some any much many more most very just also not no yes ok okay get got give tell know let us ' +
    'der die das ein eine und oder für mit von zu im in ist sind ich wir sie bitte was wie wer wo'
  ).split(' '),
);

/** A word without an English plural ending, so "developers" finds "developer". */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** The words of the person's text that carry meaning, normalised and stemmed, at most `max`, longest first. */
export function meaningfulWords(text: string, max = 6): string[] {
  const words = searchWords(text)
    .filter((w) => !STOP.has(w) && !/^\d+$/.test(w) && w.length > 1)
    .map(stem);
  return [...new Set(words)].sort((a, b) => b.length - a.length).slice(0, max);
}

/** How many of `words` occur in `text` (as word prefixes, after the same normalising). */
export function overlap(words: readonly string[], text: string): number {
  const own = searchWords(text).map(stem);
  return words.filter((w) => own.some((o) => o.startsWith(w))).length;
}
