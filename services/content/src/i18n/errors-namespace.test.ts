import { describe, expect, it } from 'bun:test';
import { ERROR_TABLES } from '@tm/contracts';
import { createContentUnderTest } from '../testing.ts';
import { icuProblem } from './icu.ts';
import { readSeedBundles } from './seed.ts';

const everyCode = [...new Set(Object.values(ERROR_TABLES).flatMap((table) => Object.keys(table)))].sort();

describe('the errors namespace', () => {
  it('holds an English message for every code of every error table in packages/contracts (add one to seed/i18n/en/errors.json with a new code)', async () => {
    const seeded = (await readSeedBundles()).find((b) => b.lang === 'en' && b.namespace === 'errors');
    expect(everyCode.filter((code) => !seeded?.messages[code])).toEqual([]);
  });

  it('holds no message for a code no table has', async () => {
    const seeded = (await readSeedBundles()).find((b) => b.lang === 'en' && b.namespace === 'errors');
    expect(Object.keys(seeded?.messages ?? {}).filter((code) => !everyCode.includes(code))).toEqual([]);
  });

  it('serves them all, in every language (English where untranslated)', async () => {
    const t = await createContentUnderTest();
    for (const lang of ['en', 'ar']) {
      const served = (await t.call('GET', `/i18n/${lang}/errors`)).body.data;
      expect(everyCode.filter((code) => typeof served[code] !== 'string')).toEqual([]);
    }
  });

  it('seeds only messages that parse as ICU MessageFormat', async () => {
    for (const bundle of await readSeedBundles()) {
      for (const [key, text] of Object.entries(bundle.messages)) expect(icuProblem(text), `${bundle.lang}/${bundle.namespace} ${key}`).toBeUndefined();
    }
  });
});
