import { describe, expect, it } from 'bun:test';
import { ConfigError } from '../core/config.ts';
import { createMemoryLogger } from '../core/logger.ts';
import { EXIT_CONFIG, loadConfigOrExit } from './start-up.ts';

class Exited extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}
const exit = (code: number): never => {
  throw new Exited(code);
};

describe('loadConfigOrExit', () => {
  it('returns the configuration when it loads', () => {
    expect(loadConfigOrExit(createMemoryLogger(), () => ({ PORT: 1 }), exit)).toEqual({ PORT: 1 });
  });

  it('logs every problem in one line and exits 78 (EX_CONFIG) on a bad configuration', () => {
    const logger = createMemoryLogger();
    const run = () =>
      loadConfigOrExit(
        logger,
        () => {
          throw new ConfigError(['PORT: must be an integer', 'REDIS_URL: must be a URL']);
        },
        exit,
      );
    expect(run).toThrow(new Exited(78));
    expect(EXIT_CONFIG).toBe(78);
    expect(logger.lines).toHaveLength(1);
    expect(logger.lines[0]).toMatchObject({ level: 'error', problems: ['PORT: must be an integer', 'REDIS_URL: must be a URL'] });
  });

  it('lets errors other than configuration errors through', () => {
    expect(() =>
      loadConfigOrExit(
        createMemoryLogger(),
        () => {
          throw new TypeError('bug');
        },
        exit,
      ),
    ).toThrow(TypeError);
  });
});
