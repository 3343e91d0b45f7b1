import { describe, expect, it } from 'bun:test';
import { statusOf, TALENT_ERROR_STATUS } from '@tm/contracts';
import { errorCodesInSource } from '@tm/shared/testing';

describe("the talent service's error table", () => {
  it('has a status for every error code the source makes', async () => {
    const found = await errorCodesInSource(import.meta.dir);
    expect([...found.keys()].filter((code) => statusOf(code, TALENT_ERROR_STATUS) === undefined)).toEqual([]);
    expect(found.has('PROFILE_NOT_FOUND')).toBe(true);
  });
});
