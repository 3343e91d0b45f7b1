/**
 * bench:scale, production's shape: each service's snapshot read timed on its own (the services
 * idle meanwhile), raw through the driver and decoded apart (each service's scripts/read-bench.ts):
 * how much of start-up over the driver is the stand-in serving and how much is decoding, which a
 * real MongoDB would leave to the service.
 */
import type { ProcessGroup } from '../bench/processes.ts';
import { logged, spawnScript } from './backends.ts';

export interface SnapshotReadTiming {
  docs: number;
  mb: number;
  /** The read with `raw: true`: the stand-in's work and the transfer. */
  fetchMs: number;
  /** BSON.deserialize of every document read: the driver's decoding alone. */
  decodeMs: number;
}

export async function measureSnapshotReads(
  group: ProcessGroup,
  env: Record<string, string>,
  mongoUrl: string,
): Promise<{ catalog: SnapshotReadTiming; talent: SnapshotReadTiming }> {
  const one = async (service: 'catalog' | 'talent'): Promise<SnapshotReadTiming> => {
    const s = spawnScript(group, env, `${service}-read`, `services/${service}/scripts/read-bench.ts`, { MONGODB_URL: mongoUrl });
    if ((await s.proc.exited) !== 0) throw new Error(`${s.name} failed; see ${s.logFile}`);
    const field = (f: string) => logged(s, 'snapshot read', f);
    return { docs: await field('docs'), mb: Math.round((await field('bytes')) / 2 ** 20), fetchMs: await field('fetchMs'), decodeMs: await field('decodeMs') };
  };
  // One after the other: each figure is that read alone.
  return { catalog: await one('catalog'), talent: await one('talent') };
}
