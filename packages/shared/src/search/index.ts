/**
 * `@tm/shared/search`: the read-side kit of the services that answer searches and whole lists
 * from memory (catalog, talent): the token index and its posting lists, the words of a search,
 * snapshots rebuilt when a change marker moves, and prebuilt answers with their byte-budget cache;
 * and the matching of free text every search shares (parseQuery: stop words, synonyms and
 * transliterations as data, typo budgets; QueryMatcher and topRanked: relevance over weighted fields).
 */
export { isStopWord, STOP_WORDS, synonymsOf } from './language-data.ts';
export { type ChangeMarker, createSnapshotKeeper, type MarkedSnapshot, rebuildCollections, SERVING_KEEPER, type SnapshotKeeper } from './marked-snapshot.ts';
export { MATCH_QUALITY, type QueryMatch, QueryMatcher, type RankedMatch, topRanked, type WeightedIndex } from './matcher.ts';
export { intersectSorted } from './posting-lists.ts';
export {
  answerPrebuilt,
  inChunks,
  type PrebuiltAnswer,
  prebuild,
  REVALIDATE,
  type RebuildableAnswer,
  type StreamedAnswer,
  streamed,
  type WholeListAnswer,
} from './prebuilt.ts';
export { createPrebuiltCache, type PrebuiltCache } from './prebuilt-cache.ts';
export { MAX_QUERY_WORDS, parseQuery, type QueryTerm, requiredQueryWords } from './query.ts';
export { normaliseWord, prefixEnd, queryWords, searchWords } from './search-tokens.ts';
export { ordinalsWithEveryWord, TokenIndex, TokenIndexBuilder, type WordMatches, type WordMatchKind } from './token-index.ts';
export { allowedEdits, withinEdits } from './typos.ts';
export { BUILD_HEAP_GROWTH, buildReleaser, eachBatchReleased, releaseBatch, yieldToRequests } from './yield-to-requests.ts';
