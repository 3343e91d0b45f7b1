import { describe, expect, it } from 'bun:test';
import { MESSAGING_ERROR_STATUS, statusOf } from '@tm/contracts';
import { errorCodesInSource } from '@tm/shared/testing';

describe("the messaging service's error table", () => {
  it('has a status for every error code the source makes', async () => {
    const found = await errorCodesInSource(import.meta.dir);
    expect([...found.keys()].filter((code) => statusOf(code, MESSAGING_ERROR_STATUS) === undefined)).toEqual([]);
  });
});
