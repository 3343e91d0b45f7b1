import { describe, expect, it } from 'bun:test';
import { ERROR_TABLES, GATEWAY_ERROR_STATUS, statusOf } from '@tm/contracts';
import { errorCodesInSource } from '@tm/shared/testing';
import { gatewayComponents } from './openapi/components.ts';

describe("the gateway's error table", () => {
  it('has a status for every error code the gateway makes itself', async () => {
    const found = await errorCodesInSource(import.meta.dir);
    expect([...found.keys()].filter((code) => statusOf(code, GATEWAY_ERROR_STATUS) === undefined)).toEqual([]);
    expect(found.has('REQUEST_TIMEOUT')).toBe(true);
    expect(found.has('UPSTREAM_INVALID')).toBe(false);
  });

  it("lists every public code, from every process's table, as the enum of the public document's Error.code", () => {
    const all = Object.values(ERROR_TABLES).flatMap((table) => Object.keys(table));
    const enumerated = gatewayComponents().schemas.Error.properties.code.enum;
    expect(new Set(enumerated)).toEqual(new Set(all));
    expect(enumerated).toContain('UPSTREAM_ERROR');
  });
});
