import { describe, expect, it } from 'bun:test';
import { renderErrorCodesDoc } from './doc.ts';

const committed = new URL('../../../../docs/error-codes.md', import.meta.url);

describe('docs/error-codes.md', () => {
  it('is the document generated from the error tables (run `bun run docs:errors` after changing a table)', async () => {
    const file = Bun.file(committed);
    expect(await file.exists()).toBe(true);
    expect(await file.text()).toBe(renderErrorCodesDoc());
  });

  it('lists every code of every table with its status', () => {
    const doc = renderErrorCodesDoc();
    expect(doc).toMatch(/\| `UPSTREAM_ERROR` +\| 502 +\|/);
    expect(doc).toMatch(/\| `PROFILE_NOT_FOUND` +\| 404 +\|/);
    expect(doc).toMatch(/\| `OTP_COOLDOWN` +\| 429 +\|/);
    expect(doc).not.toMatch(/\| `UPSTREAM_INVALID`/);
  });
});
