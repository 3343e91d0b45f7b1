import { describe, expect, it } from 'bun:test';
import { COMMON_ERROR_STATUS } from './common.ts';
import { errorEnvelopeSchema } from './envelope.ts';
import { codesOf, ERROR_TABLES, statusOf } from './registry.ts';

describe('the error tables', () => {
  it('give every code an HTTP error status', () => {
    for (const [name, table] of Object.entries(ERROR_TABLES)) {
      for (const [code, status] of Object.entries(table)) {
        expect({ name, code, ok: /^[A-Z][A-Z0-9_]*$/.test(code) && Number.isInteger(status) && status >= 400 && status <= 599 }).toEqual({
          name,
          code,
          ok: true,
        });
      }
    }
  });

  it('give a code answered by two processes the same status in both (one failure, one code, everywhere)', () => {
    const seen = new Map<string, { status: number; table: string }>();
    for (const [name, table] of Object.entries(ERROR_TABLES)) {
      for (const [code, status] of Object.entries(table as Readonly<Record<string, number>>)) {
        const before = seen.get(code);
        if (before) expect({ code, status }).toEqual({ code, status: before.status });
        seen.set(code, { status, table: name });
      }
    }
  });

  it('do not repeat a common code in a service table', () => {
    for (const [name, table] of Object.entries(ERROR_TABLES)) {
      if (name === 'common') continue;
      expect({ name, repeated: Object.keys(table).filter((code) => code in COMMON_ERROR_STATUS) }).toEqual({ name, repeated: [] });
    }
  });

  it('have one code for an upstream answer that is not the envelope, and no UPSTREAM_INVALID', () => {
    expect(COMMON_ERROR_STATUS.UPSTREAM_ERROR).toBe(502);
    expect(Object.values(ERROR_TABLES).some((table) => 'UPSTREAM_INVALID' in table)).toBe(false);
  });
});

describe('statusOf', () => {
  it("looks in the process's table, then the common one", () => {
    expect(statusOf('SERVICE_NOT_FOUND', ERROR_TABLES.catalog)).toBe(404);
    expect(statusOf('RATE_LIMITED', ERROR_TABLES.catalog)).toBe(429);
  });

  it('has no default: a code the process does not know has no status', () => {
    expect(statusOf('PROFILE_NOT_FOUND', ERROR_TABLES.catalog)).toBeUndefined();
    expect(statusOf('toString', ERROR_TABLES.catalog)).toBeUndefined();
  });
});

describe('errorEnvelopeSchema', () => {
  it("lists the process's own codes and the common ones in error.code", () => {
    const schema = errorEnvelopeSchema(ERROR_TABLES.talent);
    expect(schema.properties.error.properties.code.enum).toEqual(codesOf(ERROR_TABLES.talent));
    expect(codesOf(ERROR_TABLES.talent)).toContain('PROFILE_NOT_FOUND');
    expect(codesOf(ERROR_TABLES.talent)).toContain('UPSTREAM_ERROR');
    expect(codesOf(ERROR_TABLES.talent)).not.toContain('SERVICE_NOT_FOUND');
  });
});
