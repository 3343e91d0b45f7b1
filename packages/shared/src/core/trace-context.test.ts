import { describe, expect, it } from 'bun:test';
import { formatTraceparent, newTraceContext, parseTraceparent } from './trace-context.ts';

describe('traceparent', () => {
  it('reads a valid header and writes it back the same', () => {
    const header = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    expect(parseTraceparent(header)).toEqual({ traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', sampled: true });
    expect(formatTraceparent(parseTraceparent(header) as never)).toBe(header);
    expect(parseTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00')?.sampled).toBe(false);
  });

  it('refuses malformed headers, all-zero ids, version ff and extra fields in version 00', () => {
    for (const bad of [
      '',
      'garbage',
      '00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01',
      '00-00000000000000000000000000000000-00f067aa0ba902b7-01',
      '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01',
      'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
      '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra',
    ])
      expect({ bad, parsed: parseTraceparent(bad) }).toEqual({ bad, parsed: undefined });
    expect(parseTraceparent('01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-future')?.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
  });

  it('starts new sampled traces with random ids a parser accepts', () => {
    const a = newTraceContext();
    const b = newTraceContext();
    expect(a.traceId).not.toBe(b.traceId);
    expect(parseTraceparent(formatTraceparent(a))).toEqual(a);
  });

  it('never repeats an id across the refills of its random pool', () => {
    const traces = Array.from({ length: 300 }, () => newTraceContext());
    expect(new Set(traces.map((t) => t.traceId)).size).toBe(300);
    expect(new Set(traces.map((t) => t.spanId)).size).toBe(300);
    for (const t of traces) expect(parseTraceparent(formatTraceparent(t))).toEqual(t);
  });
});
