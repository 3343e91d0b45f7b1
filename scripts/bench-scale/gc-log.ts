/**
 * JSC's collection log (BUN_JSC_logGC=1) read for a stretch of a process's output: bench:tail's
 * measure of how long the collector stopped the request thread, which load from other processes
 * on the machine moves far less than a p99. JSC logs a line per slice of a collection, each with
 * the pause it took (`p=0.78ms`); a cycle's first line names its kind (`=> FullCollection`,
 * `=> EdenCollection`) and its last its length (`cycle 201.7ms END`).
 */
/** What one process's GC log says about a stretch of it: slices that stopped the mutator, full and eden cycles. */
export interface GcStretch {
  pauses: number;
  pauseMs: number;
  maxPauseMs: number;
  full: number;
  eden: number;
  /** The longest full cycle, start to end (the mutator runs between its slices), ms. */
  longestFullMs: number;
}

/** Sums the pauses and counts the cycles of the GC log lines in `text` (other lines are skipped). */
export function readGcLog(text: string): GcStretch {
  const out: GcStretch = { pauses: 0, pauseMs: 0, maxPauseMs: 0, full: 0, eden: 0, longestFullMs: 0 };
  let inFull = false;
  for (const line of text.split('\n')) {
    if (!line.startsWith('[GC<')) continue;
    if (line.includes('=> FullCollection')) {
      out.full++;
      inFull = true;
    } else if (line.includes('=> EdenCollection')) {
      out.eden++;
      inFull = false;
    }
    const p = /\bp=([\d.]+)ms/.exec(line);
    if (p) {
      const ms = Number(p[1]);
      out.pauses++;
      out.pauseMs += ms;
      out.maxPauseMs = Math.max(out.maxPauseMs, ms);
    }
    const cycle = /cycle ([\d.]+)ms END/.exec(line);
    if (cycle && inFull) out.longestFullMs = Math.max(out.longestFullMs, Number(cycle[1]));
  }
  return out;
}
