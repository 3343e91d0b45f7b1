import { describe, expect, it } from 'bun:test';
import { CATALOG_ERROR_STATUS, codesOf, statusOf } from '@tm/contracts';
import { errorCodesInSource } from '@tm/shared/testing';
import { createTestCatalog } from './test-support.ts';

describe("the catalog's error table", () => {
  it('has a status for every error code the source makes', async () => {
    const found = await errorCodesInSource(import.meta.dir);
    expect([...found.keys()].filter((code) => statusOf(code, CATALOG_ERROR_STATUS) === undefined)).toEqual([]);
    expect(found.has('SERVICE_NOT_FOUND')).toBe(true);
  });

  it("lists the catalog's codes as the enum of error.code in every error response of its OpenAPI part", async () => {
    const { json } = await createTestCatalog();
    const { body } = await json('/openapi/json');
    const errorSchemas = Object.values(
      body.paths as Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: any }> }> }>>,
    )
      .flatMap((path) => Object.values(path))
      .flatMap((op) => Object.entries(op.responses ?? {}).filter(([status]) => status.startsWith('4')))
      .map(([, response]) => response.content?.['application/json']?.schema);
    expect(errorSchemas.length).toBeGreaterThan(5);
    for (const schema of errorSchemas) expect(schema?.properties?.error?.properties?.code?.enum).toEqual(codesOf(CATALOG_ERROR_STATUS));
  });
});
