import { MARKETS } from '@tm/contracts';
import type { LegalVersionDoc } from './model.ts';
import { versionId } from './model.ts';
import type { LegalRepository } from './repository.ts';
import { bodyHashOf } from './rules.ts';
import { SEEDED_TYPES, seedText } from './seed-texts.ts';

/** In effect since the epoch: a fresh start's documents apply to the first booking. */
const SEED_EFFECTIVE_AT = '2025-01-01T00:00:00.000Z';

/** Version 1 of each seeded type for every market, in English and the market's own languages; never overwrites a stored version. */
export function seedLegalVersions(): LegalVersionDoc[] {
  const docs: LegalVersionDoc[] = [];
  for (const market of Object.values(MARKETS)) {
    for (const type of SEEDED_TYPES) {
      const translations: LegalVersionDoc['translations'] = {};
      for (const lang of new Set(['en', ...market.languages] as const)) {
        const text = seedText(type, lang, market);
        if (text) translations[lang] = { ...text, bodyHash: bodyHashOf(text.body) };
      }
      docs.push({
        _id: versionId(type, market.code, 1),
        type,
        market: market.code,
        version: 1,
        effectiveAt: SEED_EFFECTIVE_AT,
        material: true,
        translations,
        createdAt: SEED_EFFECTIVE_AT,
        createdBy: 'seed',
      });
    }
  }
  return docs;
}

export async function seedLegal(repo: LegalRepository): Promise<void> {
  for (const doc of seedLegalVersions()) await repo.seedVersion(doc);
}
