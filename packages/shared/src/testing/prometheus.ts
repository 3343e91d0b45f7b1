/// <reference path="./parse-prometheus-text-format.d.ts" />
import parsePrometheusTextFormat from 'parse-prometheus-text-format';

/** One metric family as the parser reads it (counters and gauges carry `value` and `labels` per sample). */
export interface ParsedFamily {
  name: string;
  help: string;
  type: string;
  metrics: { value?: string; labels?: Record<string, string>; buckets?: Record<string, string>; count?: string; sum?: string }[];
}

/**
 * Prometheus text parsed by a real parser (parse-prometheus-text-format), by family name. The
 * parser flattens a labelled histogram's series into one, so tests read per-series request counts
 * from the counter that mirrors it (`http_requests_total`).
 */
export function parseMetrics(text: string): Map<string, ParsedFamily> {
  const families = parsePrometheusTextFormat(text) as ParsedFamily[];
  return new Map(families.map((f) => [f.name, f]));
}

/** The value of the counter sample whose labels include `labels`, or 0 when there is none. */
export function sampleValue(families: Map<string, ParsedFamily>, name: string, labels: Record<string, string> = {}): number {
  const family = families.get(name);
  const sample = family?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return sample?.value === undefined ? 0 : Number(sample.value);
}
