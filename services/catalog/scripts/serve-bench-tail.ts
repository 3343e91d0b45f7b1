/**
 * bench:tail's catalog (scripts/bench-scale/tail.ts) and rebuild-peak.ts's: serve-bench.ts (main.ts's
 * wiring on the embedded store, loaded with BENCH_SCALE_N synthetic services, then built; importing it
 * runs it) and one thing more: SIGUSR2 moves one service's `updatedAt` and rebuilds the snapshot at
 * once (`rebuilt` in the log), so the bench can read the RSS after a rebuild as well as after the
 * steady phase.
 */
import { documents, logger, readModel } from './serve-bench.ts';

process.on('SIGUSR2', async () => {
  const services = documents.collection<{ _id: string; updatedAt?: string }>('services');
  const one = await services.findOne({ active: true });
  await services.updateOne({ _id: one?._id as string }, { $set: { updatedAt: new Date().toISOString() } });
  const started = performance.now();
  await readModel.refresh();
  logger.info('rebuilt', { ms: Math.round(performance.now() - started), heap: Math.round(process.memoryUsage().heapUsed / 2 ** 20) });
});
