import { describe, expect, it } from 'bun:test';
import { isStopWord, synonymsOf } from './language-data.ts';
import { QueryMatcher, topRanked } from './matcher.ts';
import { parseQuery } from './query.ts';
import { searchWords } from './search-tokens.ts';
import { TokenIndexBuilder } from './token-index.ts';
import { allowedEdits, withinEdits } from './typos.ts';

describe('normalisation', () => {
  it('folds width, case, Latin accents and ß', () => {
    expect(searchWords('Ｒｅａｃｔ Müller STRASSE straße Café')).toEqual(['react', 'muller', 'strasse', 'cafe']);
  });

  it('folds Arabic letter forms, vowel marks and tatweel', () => {
    expect(searchWords('أحمد إسلام آمن مدرسة مستشفى مُطَوِّر عـربـي')).toEqual(['احمد', 'اسلام', 'امن', 'مدرسه', 'مستشفي', 'مطور', 'عربي']);
  });

  it('turns Devanagari and Arabic-Indic digits into ASCII digits', () => {
    expect(searchWords('२०२४ ٢٠٢٤ ۲۰۲۴ 2024')).toEqual(['2024']);
  });

  it('keeps Devanagari vowel signs as letters', () => {
    expect(searchWords('डेवलपर')).toEqual(['डेवलपर']);
    expect(searchWords('डेवलपर')).not.toEqual(searchWords('डवलपर'));
  });
});

describe('typo budget', () => {
  it('allows no edit under 5 letters, 1 from 5, 2 from 9', () => {
    expect([allowedEdits('java'), allowedEdits('react'), allowedEdits('kubernets'), allowedEdits('typescript')]).toEqual([0, 1, 2, 2]);
  });

  it('counts insertions, deletions, substitutions and swaps of neighbours as one edit', () => {
    expect(withinEdits('pyhton', 'python', 1)).toBe(true);
    expect(withinEdits('kubernets', 'kubernetes', 1)).toBe(true);
    expect(withinEdits('reakt', 'react', 1)).toBe(true);
    expect(withinEdits('django', 'djang', 1)).toBe(true);
    expect(withinEdits('python', 'pascal', 2)).toBe(false);
    expect(withinEdits('kubrnets', 'kubernetes', 1)).toBe(false);
    expect(withinEdits('kubrnets', 'kubernetes', 2)).toBe(true);
  });
});

describe('parseQuery', () => {
  it('makes stop words of en, hi, ar and de optional, other words required', () => {
    const req = (q: string) => parseQuery(q).map((t) => `${t.word}:${t.required ? 'R' : 'o'}`);
    expect(req('PM for fintech')).toEqual(['pm:R', 'for:o', 'fintech:R']);
    expect(req('फिनटेक के लिए मैनेजर')).toEqual(['फिनटेक:R', 'के:o', 'लिए:o', 'मैनेजर:R']);
    expect(req('مطور في دبي')).toEqual(['مطور:R', 'في:o', 'دبي:R']);
    expect(req('Entwickler für Berlin')).toEqual(['entwickler:R', 'fur:o', 'berlin:R']);
  });

  it('requires the words of a query made only of stop words', () => {
    expect(parseQuery('for the').every((t) => t.required)).toBe(true);
  });

  it('reads the synonym table as data, normalised', () => {
    expect(synonymsOf('pm')).toContainEqual(['project', 'manager']);
    expect(synonymsOf('js')).toEqual([['javascript']]);
    expect(parseQuery('डेवलपर')[0]?.alternatives).toContainEqual(['developer']);
    expect(isStopWord('für'.normalize('NFKD').replace(/[\u0300-\u036f]/g, ''))).toBe(true);
  });

  it('tries an Arabic word without its article too', () => {
    expect(parseQuery('المطور')[0]?.alternatives).toContainEqual(['مطور']);
  });

  it('reads at most 8 words, and one letter only as a whole word', () => {
    expect(parseQuery('a b c d e f g h i j k').length).toBe(8);
    expect(parseQuery('c')[0]?.prefix).toBe(false);
  });
});

const docs = [
  { title: 'Fintech project manager', body: 'payments and banking delivery' }, // 0
  { title: 'Healthcare project manager', body: 'hospital systems' }, // 1
  { title: 'Python developer', body: 'Django, fintech APIs' }, // 2
  { title: 'Kubernetes engineer', body: 'cloud platform for retail' }, // 3
  { title: 'JavaScript developer', body: 'React and Node' }, // 4
];
const title = new TokenIndexBuilder();
const body = new TokenIndexBuilder();
docs.forEach((d, o) => {
  title.add(o, d.title);
  body.add(o, d.body);
});
const matcher = new QueryMatcher(
  [
    { index: title.build(), weight: 3 },
    { index: body.build(), weight: 1 },
  ],
  docs.length,
);
const search = (q: string) => {
  const m = matcher.match(parseQuery(q));
  return topRanked(m.ordinals, m.relevance, 10);
};

describe('QueryMatcher', () => {
  it('finds by prefix, typo, synonym and transliteration', () => {
    expect(search('kube')).toEqual([3]);
    expect(search('kubernets')).toEqual([3]);
    expect(search('pyhton')).toEqual([2]);
    expect(search('js developer')).toEqual([4]);
    expect(search('डेवलपर')).toEqual([2, 4]);
  });

  it('does not require stop words: "PM for fintech" finds the fintech PM', () => {
    expect(search('PM for fintech')).toEqual([0]);
  });

  it('ranks by relevance: a title match before a summary match', () => {
    expect(search('fintech')).toEqual([0, 2]);
    expect(search('fintech project manager')).toEqual([0]);
    expect(search('project manager')).toEqual([0, 1]);
  });

  it('matches nothing for a word no document holds, or no words', () => {
    expect(search('zebra')).toEqual([]);
    expect(search('...')).toEqual([]);
    expect(search('fintech zebra')).toEqual([]);
  });

  it('keeps answers apart across consecutive queries (reused state)', () => {
    expect(search('developer')).toEqual([2, 4]);
    expect(search('manager')).toEqual([0, 1]);
    expect(search('developer')).toEqual([2, 4]);
  });

  it('remembers one-word rankings within its bound, rankings that found nothing included', () => {
    const bounded = new QueryMatcher([{ index: title.build(), weight: 3 }], docs.length, 1_000);
    const developer = bounded.ranked(parseQuery('developer'));
    expect(developer?.ordinals).toEqual(Int32Array.from([2, 4]));
    expect(bounded.ranked(parseQuery('developer'))).toBe(developer as NonNullable<typeof developer>);
    // A crowd of words nobody indexed (each its own empty ranking) cannot grow the memory.
    for (let i = 0; i < 5_000; i++) expect(bounded.ranked(parseQuery(`zq${i}x`))?.ordinals).toHaveLength(0);
    const kept = bounded.rankingsKept();
    expect(kept.items).toBeLessThanOrEqual(1_000);
    expect(kept.rankings).toBeGreaterThan(1);
    expect(kept.rankings).toBeLessThan(100);
  });
});

describe('topRanked', () => {
  it('keeps the k best, higher relevance first, then the lower ordinal', () => {
    const rel = [1, 5, 5, 3, 9, 0];
    expect(topRanked(Int32Array.from([0, 1, 2, 3, 4, 5]), (o) => rel[o] as number, 3)).toEqual([4, 1, 2]);
    expect(topRanked(Int32Array.from([5, 4, 3, 2, 1, 0]), (o) => rel[o] as number, 10)).toEqual([4, 1, 2, 3, 0, 5]);
    expect(topRanked(Int32Array.from([1]), () => 1, 0)).toEqual([]);
  });
});
