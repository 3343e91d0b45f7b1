/**
 * Histograms and counters for the per-request paths, registered in a prom-client Registry (which
 * renders them like its own). prom-client's own `observe` hashes the label object on every call
 * (~0.3 µs and a few strings per request); these find their series through one Map per label,
 * in a fixed label order, so a request that has been seen before allocates nothing.
 */

/** What prom-client's Registry reads of a metric (its `get()` shape). */
interface MetricValue {
  value: number;
  labels: Record<string, string | number>;
  metricName?: string;
}

/** One series of a histogram: its label values and cumulative-at-render counts. */
export interface HistogramSeries {
  observe(value: number): void;
}

/** One series of a counter. */
export interface CounterSeries {
  inc(by?: number): void;
}

class HSeries implements HistogramSeries {
  readonly counts: Float64Array;
  sum = 0;
  count = 0;
  constructor(
    readonly labels: Record<string, string>,
    private readonly bounds: readonly number[],
  ) {
    this.counts = new Float64Array(bounds.length);
  }
  observe(value: number): void {
    this.sum += value;
    this.count++;
    const bounds = this.bounds;
    for (let i = 0; i < bounds.length; i++) {
      if (value <= (bounds[i] as number)) {
        (this.counts as Float64Array)[i] = (this.counts[i] as number) + 1;
        return;
      }
    }
  }
}

class CSeries implements CounterSeries {
  value = 0;
  constructor(readonly labels: Record<string, string>) {}
  inc(by = 1): void {
    this.value += by;
  }
}

/** Series by label values, one Map level per label (at most three labels), found without allocating. */
class SeriesTable<S> {
  private readonly root = new Map<string, unknown>();
  readonly all: S[] = [];
  constructor(
    private readonly labelNames: readonly string[],
    private readonly make: (labels: Record<string, string>) => S,
  ) {
    if (labelNames.length > 3) throw new Error('a fast collector takes at most three labels');
  }
  at(a: string, b: string, c: string): S {
    const n = this.labelNames.length;
    if (n === 0) return this.leaf(this.root, '', a, b, c);
    if (n === 1) return this.leaf(this.root, a, a, b, c);
    const first = this.level(this.root, a);
    if (n === 2) return this.leaf(first, b, a, b, c);
    return this.leaf(this.level(first, b), c, a, b, c);
  }
  private level(parent: Map<string, unknown>, key: string): Map<string, unknown> {
    let next = parent.get(key) as Map<string, unknown> | undefined;
    if (!next) {
      next = new Map();
      parent.set(key, next);
    }
    return next;
  }
  private leaf(level: Map<string, unknown>, key: string, a: string, b: string, c: string): S {
    let series = level.get(key) as S | undefined;
    if (series === undefined) {
      const labels: Record<string, string> = {};
      const values = [a, b, c];
      this.labelNames.forEach((name, i) => {
        labels[name] = values[i] as string;
      });
      series = this.make(labels);
      level.set(key, series);
      this.all.push(series);
    }
    return series;
  }
}

/**
 * A histogram with up to three labels. `observe(a, b, c, v)` takes the label values in
 * `labelNames`' order as separate arguments (no array per call); `series(a, b, c)` hands back one
 * series to keep when its labels are known in advance.
 */
export class FastHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly table: SeriesTable<HSeries>;
  constructor(
    readonly name: string,
    readonly help: string,
    labelNames: readonly string[],
    private readonly buckets: readonly number[],
  ) {
    this.table = new SeriesTable(labelNames, (labels) => new HSeries(labels, buckets));
  }
  series(a = '', b = '', c = ''): HistogramSeries {
    return this.table.at(a, b, c);
  }
  observe(a: string, b: string, c: string, value: number): void {
    this.table.at(a, b, c).observe(value);
  }
  /** Requests seen per series (the `_count`), for a counter that mirrors this histogram. */
  counts(): { labels: Record<string, string>; count: number }[] {
    return this.table.all.map((s) => ({ labels: s.labels, count: s.count }));
  }
  async get(): Promise<{ name: string; help: string; type: string; aggregator: string; values: MetricValue[] }> {
    const values: MetricValue[] = [];
    for (const s of this.table.all) {
      let cumulative = 0;
      this.buckets.forEach((bound, i) => {
        cumulative += s.counts[i] as number;
        values.push({ metricName: `${this.name}_bucket`, labels: { ...s.labels, le: bound }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { ...s.labels, le: '+Inf' }, value: s.count });
      values.push({ metricName: `${this.name}_sum`, labels: s.labels, value: s.sum });
      values.push({ metricName: `${this.name}_count`, labels: s.labels, value: s.count });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}

/** A counter with up to three labels, on the same allocation-free lookup. */
export class FastCounter {
  readonly type = 'counter';
  readonly aggregator = 'sum';
  private readonly table: SeriesTable<CSeries>;
  constructor(
    readonly name: string,
    readonly help: string,
    labelNames: readonly string[],
  ) {
    this.table = new SeriesTable(labelNames, (labels) => new CSeries(labels));
  }
  series(a = '', b = '', c = ''): CounterSeries {
    return this.table.at(a, b, c);
  }
  inc(a: string, b: string, c: string, by = 1): void {
    this.table.at(a, b, c).inc(by);
  }
  async get(): Promise<{ name: string; help: string; type: string; aggregator: string; values: MetricValue[] }> {
    return {
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values: this.table.all.map((s) => ({ labels: s.labels, value: s.value })),
    };
  }
}

/** A counter read from a histogram's `_count`s at scrape time: `http_requests_total` at no cost per request. */
export class CountOfHistogram {
  readonly type = 'counter';
  readonly aggregator = 'sum';
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly histogram: FastHistogram,
  ) {}
  async get(): Promise<{ name: string; help: string; type: string; aggregator: string; values: MetricValue[] }> {
    return {
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values: this.histogram.counts().map((s) => ({ labels: s.labels, value: s.count })),
    };
  }
}
