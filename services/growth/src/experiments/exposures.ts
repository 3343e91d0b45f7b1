import type { DocumentStore } from '@tm/shared/store';
import { isDuplicateKeyError } from '@tm/shared/store';

/** The first exposure of a device to a flag (`_id` = flagKey + deviceId, so a device counts once), and when it converted. */
interface ExposureDoc {
  _id: string;
  flagKey: string;
  variant: string;
  deviceId: string;
  exposedAt: Date;
  convertedAt?: Date;
  [k: string]: unknown;
}

/** Exposures in `exposures`. */
export function createExposures(db: DocumentStore) {
  const exposures = db.collection<ExposureDoc>('exposures');
  return {
    async ensureIndexes(): Promise<void> {
      await exposures.createIndex({ flagKey: 1, variant: 1 });
      await exposures.createIndex({ deviceId: 1 });
    },
    /** Records the device's first exposure to the flag; false when it was exposed before (the first one stands). */
    async record(flagKey: string, variant: string, deviceId: string, now: Date): Promise<boolean> {
      try {
        await exposures.insertOne({ _id: `${flagKey}\u0000${deviceId}`, flagKey, variant, deviceId, exposedAt: now });
        return true;
      } catch (err) {
        if (isDuplicateKeyError(err)) return false;
        throw err;
      }
    },
    /** A goal event from the device at `at`: its exposures to these flags before then count as converted (once). */
    async convert(deviceId: string, flagKeys: readonly string[], at: Date): Promise<void> {
      if (flagKeys.length === 0) return;
      await exposures.updateMany(
        { deviceId, flagKey: { $in: [...flagKeys] }, exposedAt: { $lte: at }, convertedAt: { $exists: false } },
        { $set: { convertedAt: at } },
      );
    },
    /** Exposures and conversions of one variant. */
    async countsOf(flagKey: string, variant: string): Promise<{ exposures: number; conversions: number }> {
      const [all, converted] = await Promise.all([
        exposures.countDocuments({ flagKey, variant }),
        exposures.countDocuments({ flagKey, variant, convertedAt: { $exists: true } }),
      ]);
      return { exposures: all, conversions: converted };
    },
    /** The exposures of these devices (account export). */
    ofDevices: (deviceIds: readonly string[]) => exposures.find({ deviceId: { $in: [...deviceIds] } }).toArray(),
    eraseDevices: (deviceIds: readonly string[]) => exposures.deleteMany({ deviceId: { $in: [...deviceIds] } }),
  };
}

export type Exposures = ReturnType<typeof createExposures>;
