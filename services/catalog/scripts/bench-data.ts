/**
 * Deterministic synthetic services for bench:scale (scripts/bench-scale), in the stored shape:
 * names and summaries from small word tables, so search words repeat as in a real catalog, and
 * the rest of each copy (description, inclusions, FAQ) from a seed service's, so a document is
 * the size of the seed's (bench-data.test.ts): memory measured on them is what real data takes.
 * No randomness, no clock.
 */
import { CATEGORIES, LANGUAGES, type Lang, MARKET_CODES, MARKETS, type ServiceIndexLine } from '@tm/contracts';
import { stableId } from '@tm/shared';
import { buildReleaser } from '@tm/shared/search';
import type { DocumentStore } from '@tm/shared/store';
import { BENCH_ADJ, BENCH_ROLE, BENCH_TECH, BENCH_UPDATED_AT, batches, benchServiceSlug, pickCyclic } from '@tm/shared/testing';
import { seedDocuments } from '../seed/index.ts';
import type { ServiceDoc } from '../src/domain/model.ts';
import { createServiceRepository } from '../src/domain/repository.ts';
import { toIndexLine } from '../src/domain/snapshot.ts';

/** How far the load lets the heap grow past its last full collection (buildReleaser): a full collection costs about as much at a tenth of the heap, so fewer of them. */
const LOAD_HEAP_GROWTH = 2;

const pick = pickCyclic;
const TECH = BENCH_TECH;
const ROLE = BENCH_ROLE;

const ADJ = BENCH_ADJ;
const SEED = seedDocuments();
const NOUN: Record<Lang, Record<string, string>> = {
  en: Object.fromEntries(ROLE.map((r) => [r, r])),
  hi: { developer: 'डेवलपर', engineer: 'इंजीनियर', architect: 'आर्किटेक्ट', consultant: 'सलाहकार', specialist: 'विशेषज्ञ', lead: 'लीड' },
  ar: { developer: 'مطور', engineer: 'مهندس', architect: 'معماري', consultant: 'مستشار', specialist: 'أخصائي', lead: 'قائد' },
  de: { developer: 'Entwickler', engineer: 'Ingenieur', architect: 'Architekt', consultant: 'Berater', specialist: 'Spezialist', lead: 'Leiter' },
};
const SUMMARY: Record<Lang, (tech: string, noun: string) => string> = {
  en: (t, n) => `A ${n} who ships ${t} products for growing teams, with reviews, tests and clear weekly reporting.`,
  hi: (t, n) => `एक ${n} जो बढ़ती टीमों के लिए ${t} प्रोडक्ट बनाता है, समीक्षा और टेस्ट के साथ।`,
  ar: (t, n) => `${n} يبني منتجات ${t} للفرق النامية مع المراجعات والاختبارات.`,
  de: (t, n) => `Ein ${n}, der ${t}-Produkte für wachsende Teams liefert, mit Reviews, Tests und klaren Berichten.`,
};

/** The `i`th synthetic service: every language, priced in most markets. */
export function syntheticService(i: number): ServiceDoc {
  const tech = pick(TECH, i);
  const role = pick(ROLE, Math.floor(i / TECH.length));
  const adj = pick(ADJ, Math.floor(i / (TECH.length * ROLE.length)));
  const slug = benchServiceSlug(i);
  const source = pick(SEED, i * 7);
  const markets = MARKET_CODES.filter((_, k) => (i + k) % 7 !== 0);
  const i18n = Object.fromEntries(
    LANGUAGES.map((l) => {
      const noun = NOUN[l][role] as string;
      const name = l === 'en' ? `${adj} ${tech} ${noun} ${i}` : `${tech} ${noun} ${i}`;
      const copy = source.i18n[l];
      return [
        l,
        {
          name,
          summary: SUMMARY[l](tech, noun),
          description: copy.description,
          inclusions: [`${tech} ${noun}`, ...copy.inclusions],
          faq: copy.faq,
        },
      ];
    }),
  ) as ServiceDoc['i18n'];
  return {
    _id: stableId('bench-service', slug),
    slug,
    kind: i % 3 === 0 ? 'project' : 'role',
    category: pick(CATEGORIES, i),
    rank: i,
    active: i % 50 !== 49,
    markets,
    defaultHours: i % 3 === 0 ? 160 : 40,
    minHours: i % 3 === 0 ? 80 : 10,
    prices: Object.fromEntries(markets.map((m) => [m, { currency: MARKETS[m].currency, hourlyRate: 1_000 + ((i * 37) % 9_000) * (m === 'IN' ? 80 : 1) }])),
    i18n,
    updatedAt: BENCH_UPDATED_AT,
  };
}

/** The `i`th synthetic service as GET /internal/service-index.ndjson lists it (search's bench reads these), or undefined when inactive (not listed). */
export function syntheticServiceIndexLine(i: number): ServiceIndexLine | undefined {
  const service = syntheticService(i);
  return service.active ? toIndexLine(service) : undefined;
}

/** Writes `n` synthetic services into `documents` as a seed run does: indexes first, then bulk upserts of 1,000. */
export async function loadSyntheticServices(documents: DocumentStore, n: number): Promise<void> {
  const repo = createServiceRepository(documents);
  await repo.ensureIndexes();
  // The old generation's garbage (each batch and its copies outlive the store's eden collection)
  // is collected as the load goes, not at twice the live heap: the load would otherwise be the
  // process's peak (docs/scale.md, issue 26).
  const release = buildReleaser(LOAD_HEAP_GROWTH);
  for (const batch of batches(n, syntheticService)) {
    await repo.upsertAll(batch);
    await release();
  }
}
