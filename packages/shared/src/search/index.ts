/**
 * `@tm/shared/search`: the read-side kit of the services that answer searches and whole lists
 * from memory (catalog, talent): the token index and its posting lists, the words of a search,
 * snapshots rebuilt when a change marker moves, and prebuilt answers with their byte-budget cache.
 */
export { type ChangeMarker, createSnapshotKeeper, type MarkedSnapshot, type SnapshotKeeper } from './marked-snapshot.ts';
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
export { normaliseWord, prefixEnd, queryWords, searchWords } from './search-tokens.ts';
export { ordinalsWithEveryWord, TokenIndex, TokenIndexBuilder } from './token-index.ts';
export { yieldToRequests } from './yield-to-requests.ts';
