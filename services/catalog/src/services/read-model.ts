import type { Clock, Logger } from '@tm/shared';
import type { ServiceDoc } from './model.ts';
import type { ServiceRepository } from './repository.ts';

/** The active services held in memory, for the hot paths (catalog list and pricing). */
export interface ServiceReadModel {
  /** Active services in display order. */
  all(): Promise<readonly ServiceDoc[]>;
  /** An active service by id or slug, or undefined. */
  find(idOrSlug: string): Promise<ServiceDoc | undefined>;
  /** Reloads from the store now (tests, and after seeding). */
  refresh(): Promise<void>;
}

interface Snapshot {
  loadedAt: number;
  docs: readonly ServiceDoc[];
  byKey: ReadonlyMap<string, ServiceDoc>;
}

/**
 * GET /services/catalog and POST /jobs/pricing are benchmarked under load, so they read a
 * snapshot of the (small) active catalog instead of querying the store per request. The
 * snapshot is reloaded when older than `maxAgeMs`: the stale one keeps serving while one
 * reload runs (stale-while-revalidate), and a failed reload keeps the last good snapshot.
 */
export function createServiceReadModel(options: { repo: ServiceRepository; clock: Clock; maxAgeMs: number; logger: Logger }): ServiceReadModel {
  const { repo, clock, maxAgeMs, logger } = options;
  let snapshot: Snapshot | undefined;
  let loading: Promise<void> | undefined;

  function load(): Promise<void> {
    loading ??= repo
      .listActive()
      .then((docs) => {
        const byKey = new Map<string, ServiceDoc>();
        for (const d of docs) byKey.set(d._id, d).set(d.slug, d);
        snapshot = { loadedAt: clock.now(), docs, byKey };
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  }

  async function current(): Promise<Snapshot> {
    if (!snapshot) await load();
    else if (clock.now() - snapshot.loadedAt > maxAgeMs && !loading) {
      load().catch((err) => logger.warn('catalog read model refresh failed', { error: String(err) }));
    }
    return snapshot as Snapshot;
  }

  return {
    all: async () => (await current()).docs,
    find: async (idOrSlug) => (await current()).byKey.get(idOrSlug),
    refresh: load,
  };
}
