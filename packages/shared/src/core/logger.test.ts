import { describe, expect, it } from 'bun:test';
import { TELEMETRY_SETTINGS } from '../telemetry/settings.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createLogger, LOG_LEVELS, type LogLevel } from './logger.ts';

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
