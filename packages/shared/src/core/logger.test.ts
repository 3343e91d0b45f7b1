import { describe, expect, it } from 'bun:test';
import { TELEMETRY_SETTINGS } from '../telemetry/settings.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createLogger, isoNow, LOG_LEVELS, type LogLevel } from './logger.ts';
import { runInRequestScope } from './request-scope.ts';

/** A logger at `level` writing into an array; each level written once. */
function writeEveryLevel(level: string | undefined): string[] {
  const lines: string[] = [];
  const logger = createLogger('demo', { write: (l) => lines.push(l), level });
  for (const name of LOG_LEVELS) logger[name](`a ${name} line`, { n: 1 });
  return lines.map((l) => (JSON.parse(l) as { level: string }).level);
}

describe('createLogger: LOG_LEVEL', () => {
  it('writes its level and every more severe one, and drops the rest', () => {
    expect(writeEveryLevel('debug')).toEqual(['debug', 'info', 'warn', 'error']);
    expect(writeEveryLevel('info')).toEqual(['info', 'warn', 'error']);
    expect(writeEveryLevel('warn')).toEqual(['warn', 'error']);
    expect(writeEveryLevel('error')).toEqual(['error']);
  });

  it('writes at info without a level, and with a value that is no level (the config refuses that one at start)', () => {
    expect(writeEveryLevel(undefined)).toEqual(['info', 'warn', 'error']);
    expect(writeEveryLevel('verbose')).toEqual(['info', 'warn', 'error']);
    expect(writeEveryLevel('DEBUG')).toEqual(['debug', 'info', 'warn', 'error']);
  });

  it('writes a debug line like any other: ts, level, service, msg and the fields', () => {
    const lines: string[] = [];
    createLogger('demo', { write: (l) => lines.push(l), level: 'debug' }).debug('polled', { since: 5 });
    expect(JSON.parse(lines[0] as string)).toMatchObject({ level: 'debug', service: 'demo', msg: 'polled', since: 5 });
  });

  it('keeps the older form createLogger(service, write)', () => {
    const lines: string[] = [];
    const logger = createLogger('demo', (l) => lines.push(l));
    logger.debug('dropped');
    logger.info('kept');
    expect(lines.map((l) => JSON.parse(l).msg)).toEqual(['kept']);
  });

  it("is one of the telemetry settings every service's config reads: a bad value stops the start, naming the variable", () => {
    for (const level of LOG_LEVELS) expect(loadConfig({ LOG_LEVEL: level.toUpperCase() }, TELEMETRY_SETTINGS).LOG_LEVEL).toBe(level as LogLevel);
    expect(loadConfig({}, TELEMETRY_SETTINGS).LOG_LEVEL).toBeUndefined();
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' }, TELEMETRY_SETTINGS)).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' }, TELEMETRY_SETTINGS)).toThrow(/LOG_LEVEL: must be one of debug, info, warn, error/);
  });
});

describe('createLogger: the line', () => {
  const lineOf = (
    fields: Record<string, unknown> | undefined,
    scope?: { requestId: string; trace?: { traceId: string; spanId: string; sampled: boolean } },
  ) => {
    const lines: string[] = [];
    const logger = createLogger('demo "svc"', (l) => lines.push(l));
    if (scope) runInRequestScope(scope, () => logger.info('said "hi"\n', fields));
    else logger.info('said "hi"\n', fields);
    return lines[0] as string;
  };
  const trace = { traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), sampled: true };

  it('is one JSON object: ts, level, service, msg, the scope ids, then the fields, quoted as JSON quotes them', () => {
    const line = lineOf({ n: 1, s: 'x"y', skipped: undefined }, { requestId: 'req-12345678', trace });
    expect(Object.keys(JSON.parse(line))).toEqual(['ts', 'level', 'service', 'msg', 'requestId', 'traceId', 'n', 's']);
    expect(JSON.parse(line)).toMatchObject({
      level: 'info',
      service: 'demo "svc"',
      msg: 'said "hi"\n',
      requestId: 'req-12345678',
      traceId: trace.traceId,
      n: 1,
      s: 'x"y',
    });
    expect(Object.keys(JSON.parse(lineOf(undefined)))).toEqual(['ts', 'level', 'service', 'msg']);
    expect(Object.keys(JSON.parse(lineOf({})))).toEqual(['ts', 'level', 'service', 'msg']);
  });

  it("writes each key once: the fields' own requestId or traceId replace the scope's, and a field named like the head wins", () => {
    const line = lineOf({ requestId: 'mine-12345678', status: 200 }, { requestId: 'req-12345678', trace });
    expect(line.match(/"requestId"/g)?.length).toBe(1);
    expect(JSON.parse(line)).toMatchObject({ requestId: 'mine-12345678', traceId: trace.traceId, status: 200 });
    const none = JSON.parse(lineOf({ requestId: undefined }, { requestId: 'req-12345678', trace }));
    expect('requestId' in none).toBe(false);
    const head = lineOf({ msg: 'override', level: 'custom' });
    expect(head.match(/"msg"/g)?.length).toBe(1);
    expect(JSON.parse(head)).toMatchObject({ msg: 'override', level: 'custom', service: 'demo "svc"' });
  });

  it('stamps ts as toISOString does, to the millisecond', () => {
    for (const t of [0, 5, 42, 999, 1_000, 1_764_162_747_009, 1_764_162_747_099, 1_764_162_747_100, 1_764_162_748_000, 253_402_300_799_999])
      expect(isoNow(t)).toBe(new Date(t).toISOString());
    const before = Date.now();
    const ts = Date.parse((JSON.parse(lineOf({})) as { ts: string }).ts);
    expect(ts).toBeGreaterThanOrEqual(before);
    expect(ts).toBeLessThanOrEqual(Date.now());
  });
});
