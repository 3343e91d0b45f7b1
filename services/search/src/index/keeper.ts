import type { Clock, Logger } from '@tm/shared';
import type { RatingsBook } from '@tm/shared/client/ratings';
import { releaseBatch } from '@tm/shared/search';
import type { SearchDocument } from './documents.ts';
import { SearchIndex } from './search-index.ts';
import { type IndexSource, readIndex } from './sources.ts';

/** How soon a refresh follows one while some source has never been read. */
const FIRST_READ_RETRY_MS = 1_000;

/** How each upstream index fared at the last refresh. */
export interface SourceState {
  /** The last read succeeded (or answered 304). */
  fresh: boolean;
  /** When its documents were last read whole (ms), or undefined before the first. */
  readAt?: number;
  documents: number;
  error?: string;
}

/** Holds the current search index and rebuilds it when an upstream index changes. */
export interface IndexKeeper {
  /** The current index; undefined until every source has been read once. */
  current(): SearchIndex | undefined;
  /** Reads every source (304 when unchanged) and rebuilds when one changed; a failing source keeps its last good documents. */
  refresh(): Promise<void>;
  /** Refreshes now, then `intervalMs` after each refresh ends (every second until every source was read once), until stopped. */
  start(intervalMs: number): void;
  stop(): void;
  sources(): Record<string, SourceState>;
}

/**
 * The keeper of the one search's index. Each source's documents are kept apart, so one upstream
 * being away costs nothing but freshness: the last good documents stay, /readyz says so. A
 * refresh never overlaps another (a slow upstream cannot pile reads up).
 */
export function createIndexKeeper(options: {
  sources: readonly IndexSource[];
  /** Reviews' ratings (the order of merit), asked with every refresh; a change rebuilds. None, or reviews away: no ratings. */
  ratings?: RatingsBook;
  clock: Clock;
  logger: Logger;
  timeoutMs: number;
}): IndexKeeper {
  const { clock, logger, ratings } = options;
  const held = new Map<string, { etag: string | null; documents: SearchDocument[] }>();
  const states: Record<string, SourceState> = Object.fromEntries(options.sources.map((s) => [s.name, { fresh: false, documents: 0 }]));
  let index: SearchIndex | undefined;
  let running: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let started = false;
  let round = 0;

  async function refreshOnce(): Promise<void> {
    round++;
    let changed = false;
    // New ratings reorder what is held (before any source was read there is nothing to order).
    const ratingsRead = ratings?.refresh(`search-refresh-${round}`).then((moved) => {
      changed ||= moved && held.size > 0;
    });
    await Promise.all([
      ratingsRead,
      ...options.sources.map(async (source) => {
        const before = held.get(source.name);
        try {
          const read = await readIndex(source, {
            etag: before?.etag ?? null,
            timeoutMs: options.timeoutMs,
            requestId: `search-refresh-${round}`,
            ...(before ? { held: before.documents } : {}),
          });
          const state = states[source.name] as SourceState;
          state.fresh = true;
          delete state.error;
          if (read === 'unchanged') return;
          held.set(source.name, { etag: read.etag, documents: read.documents });
          state.readAt = clock.now();
          state.documents = read.documents.length;
          changed = true;
          if (read.skipped > 0) logger.warn('index lines skipped', { source: source.name, skipped: read.skipped });
        } catch (err) {
          const state = states[source.name] as SourceState;
          if (state.fresh || state.error === undefined) logger.warn('index unreadable; keeping the last good one', { source: source.name, error: String(err) });
          state.fresh = false;
          state.error = err instanceof Error ? err.message : String(err);
        }
      }),
    ]);
    // Every source has been asked by now; one away from the start is left out until it answers
    // (/readyz says which), rather than keeping the others' documents from being searched.
    if (!changed) return;
    const started = clock.now();
    // The build starts from what is kept (the reads' garbage collected): the peak is one build's.
    await releaseBatch({ full: true });
    const next = await SearchIndex.build(
      [...held.values()].flatMap((h) => h.documents),
      clock.now(),
      (d) => (d.rated && ratings?.of(d.rated.kind, d.rated.id)?.bayesian) || 0,
    );
    // What was asked last is ranked again before the new index serves (a broad word's first ask scores every hit).
    const warmed = index ? await next.warmFrom(index) : 0;
    index = next;
    logger.info('search index built', { ...index.counts(), warmed, ms: clock.now() - started });
  }

  function refresh(): Promise<void> {
    running ??= refreshOnce().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    current: () => index,
    refresh,
    start(intervalMs) {
      if (started) return;
      started = true;
      // Until every source has been read once (the services start alongside search), ask every second.
      const next = () => {
        if (!started) return;
        const allRead = held.size === options.sources.length;
        timer = setTimeout(() => void refresh().finally(next), allRead ? intervalMs : Math.min(intervalMs, FIRST_READ_RETRY_MS));
      };
      void refresh().finally(next);
    },
    stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
    sources: () => structuredClone(states),
  };
}
