/** bench:tail's reading of JSC's collection log (scripts/bench-scale/gc-log.ts), on lines as Bun 1.4.5 writes them. */
import { describe, expect, it } from 'bun:test';
import { readGcLog } from '../../scripts/bench-scale/gc-log.ts';

const log = [
  '{"ts":"2026-11-26T16:03:14.059Z","level":"info","service":"catalog","msg":"request","durationMs":0.45}',
  'Requesting GC because bytes allocated this cycle: 8403987 exceed bytes allowed: 8388608',
  '[GC<0x484bdf9c118>: START M 8875kb => EdenCollection, a=0kb hf=0.000 mu=0.600 v=0kb (C:0 M:0 P1:0) o=0 b=0 i#1:N<CsMsrShDMsm(0)SrbBcs> 1473+0 p=3.863869ms (max 3.863869)...]',
  '[GC<0x484bdf9c118>: M a=1700kb hf=0.518 mu=0.289 v=8259kb (C:5253 M:0 P1:3005) o=1 b=0 i#6:P<Msm(0)SrbCsShMsrDBcsCbDomoWsOJw>Pbc => 10638kb, p=2.261231ms (max 3.863869), cycle 12.478552ms END]',
  'GC END!',
  '[GC<0x484bdf9c118>: epilogue 0.024106ms]',
  '[GC<0x484bdf9c118>: START M 415212kb => FullCollection, a=0kb hf=0.000 mu=0.600 v=0kb (C:0 M:0) o=0 b=95 i#1:N<CsMsrShDMsm(0)SrbBcs> 1740+0 p=1.064197ms (max 152.172416)...]',
  '[GC<0x484bdf9c118>: M a=547kb hf=0.167 mu=0.500 v=6732kb (C:0 M:0 P1:6732) o=1 b=1 0+1 p=0.8ms (max 3.863869)...]',
  '[GC<0x484bdf9c118>: M a=2597kb hf=0.792 mu=0.125 v=19986kb o=1 b=1 i#9:P<CsMsm(0)SrbShMsrDBcsCbDomoJwOWs>Pbc => 22262kb, p=2.192589ms (max 3.863869), cycle 201.75ms END]',
  '[GC<0x484bdf9c118>: Full sweep: 29088kb => 29088kb, 0.290142ms]',
].join('\n');

describe('readGcLog', () => {
  it('counts each cycle by kind, sums every slice that stopped the mutator and keeps the longest full cycle', () => {
    const gc = readGcLog(log);
    expect({ full: gc.full, eden: gc.eden, pauses: gc.pauses, longestFullMs: gc.longestFullMs }).toEqual({
      full: 1,
      eden: 1,
      pauses: 5,
      longestFullMs: 201.75,
    });
    expect(gc.pauseMs).toBeCloseTo(3.863869 + 2.261231 + 1.064197 + 0.8 + 2.192589, 6);
    expect(gc.maxPauseMs).toBe(3.863869);
  });

  it('reads nothing from a stretch without collections (the sweep line and requests are not pauses)', () => {
    expect(readGcLog('{"msg":"request"}\n[GC<0x1>: Full sweep: 29088kb => 29088kb, 0.29ms]\n')).toEqual({
      pauses: 0,
      pauseMs: 0,
      maxPauseMs: 0,
      full: 0,
      eden: 0,
      longestFullMs: 0,
    });
  });
});
