import type { Clock, Logger } from '@tm/shared';
import { type ChangeMarker, createSnapshotKeeper, type PrebuiltAnswer, prebuild } from '@tm/shared/search';
import type { DocumentStore } from '@tm/shared/store';
import type { BundleDoc } from '../i18n/model.ts';
import type { LegalVersionDoc } from '../legal/model.ts';
import type { PageDoc } from '../pages/model.ts';
import type { Revision } from './revision.ts';

/**
 * Everything content publishes, in memory: every legal version, every bundle, every published
 * page. Reads never wait on the store, and keep answering the last snapshot while it is away.
 * Prebuilt answers (bytes and ETag) are made once per snapshot, on first use.
 */
export interface ContentSnapshot {
  readonly marker: ChangeMarker;
  /** Versions by `type:market`, in version order. */
  readonly legal: ReadonlyMap<string, readonly LegalVersionDoc[]>;
  /** Bundles by `lang:namespace`. */
  readonly bundles: ReadonlyMap<string, BundleDoc>;
  /** The namespaces that exist: those with an English bundle, sorted. */
  readonly namespaces: readonly string[];
  /** Published pages, by type then slug order. */
  readonly published: readonly PageDoc[];
  /** An answer built once per snapshot under `key`. */
  answer(key: string, build: () => string): PrebuiltAnswer;
  /** Any value derived once per snapshot under `key`. */
  derived<T>(key: string, build: () => T): T;
}

export interface ContentReadModel {
  current(): Promise<ContentSnapshot>;
  /** Rebuilds now (after this replica's own write, so its author reads it at once). */
  refresh(): Promise<void>;
  hasSnapshot(): boolean;
  /** Checks the revision on a timer; returns the stop function (main.ts). */
  watch(): () => void;
}

async function build(documents: DocumentStore, marker: ChangeMarker): Promise<ContentSnapshot> {
  const [versions, bundles, pages] = await Promise.all([
    documents
      .collection<LegalVersionDoc>('legal_versions')
      .find({}, { sort: { type: 1, market: 1, version: 1 } })
      .toArray(),
    documents.collection<BundleDoc>('i18n_bundles').find({}).toArray(),
    documents
      .collection<PageDoc>('pages')
      .find({ status: 'published' }, { sort: { type: 1, slug: 1 } })
      .toArray(),
  ]);
  const legal = new Map<string, LegalVersionDoc[]>();
  for (const v of versions) {
    const key = `${v.type}:${v.market}`;
    legal.set(key, [...(legal.get(key) ?? []), v]);
  }
  const bundleMap = new Map(bundles.map((b) => [`${b.lang}:${b.namespace}`, b]));
  const namespaces = bundles
    .filter((b) => b.lang === 'en')
    .map((b) => b.namespace)
    .sort();
  const memo = new Map<string, unknown>();
  const derived = <T>(key: string, make: () => T): T => {
    if (!memo.has(key)) memo.set(key, make());
    return memo.get(key) as T;
  };
  return {
    marker,
    legal,
    bundles: bundleMap,
    namespaces,
    published: pages,
    derived,
    answer: (key, make) => derived(`answer:${key}`, () => prebuild(make())),
  };
}

/** The read model over the store; `maxAgeMs` bounds how long another replica's write goes unseen. */
export function createContentReadModel(options: {
  documents: DocumentStore;
  revision: Revision;
  clock: Clock;
  logger: Logger;
  maxAgeMs: number;
}): ContentReadModel {
  const keeper = createSnapshotKeeper<ContentSnapshot>({
    name: 'content read model',
    readMarker: () => options.revision.marker(),
    build: (marker) => build(options.documents, marker),
    clock: options.clock,
    maxAgeMs: options.maxAgeMs,
    logger: options.logger,
  });
  return {
    current: () => keeper.current(),
    refresh: () => keeper.refresh(),
    hasSnapshot: () => keeper.hasSnapshot(),
    watch: () => keeper.watch(),
  };
}
