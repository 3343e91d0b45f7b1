import { LANGUAGES, type Lang, MARKETS, type MarketCode } from '@tm/contracts';
import { stableId } from '@tm/shared';
import type { ServiceCopy, ServiceDoc } from '../src/domain/model.ts';
import { COMMON_FAQ } from './common-faq.ts';
import { BACKEND } from './data/backend.ts';
import { DATA_AI } from './data/data-ai.ts';
import { FRONTEND } from './data/frontend.ts';
import { MOBILE } from './data/mobile.ts';
import { OPS_ROLES } from './data/ops-roles.ts';
import { PROJECTS_BUILD } from './data/projects-build.ts';
import { PROJECTS_IMPROVE } from './data/projects-improve.ts';
import type { SeedService } from './types.ts';

/** When the seed copy and prices were last edited; bump it when changing the data. */
export const SEED_UPDATED_AT = '2026-11-01T00:00:00.000Z';

/** Every seed service in display order. */
export const SEED_SERVICES: readonly SeedService[] = [...FRONTEND, ...BACKEND, ...MOBILE, ...DATA_AI, ...OPS_ROLES, ...PROJECTS_BUILD, ...PROJECTS_IMPROVE];

/** The stored documents for the seed: stable ids, ranks from the seed order, shared FAQ added. */
export function seedDocuments(services: readonly SeedService[] = SEED_SERVICES): ServiceDoc[] {
  return services.map((s, rank) => {
    const markets = (Object.keys(s.rates) as MarketCode[]).filter((m) => (s.rates[m] ?? 0) > 0);
    const prices = Object.fromEntries(markets.map((m) => [m, { currency: MARKETS[m].currency, hourlyRate: s.rates[m] as number }]));
    const i18n = Object.fromEntries(
      LANGUAGES.map((l: Lang): [Lang, ServiceCopy] => [l, { ...s.copy[l], faq: [...s.copy[l].faq, ...COMMON_FAQ[s.kind][l]] }]),
    ) as ServiceDoc['i18n'];
    return {
      _id: stableId('service', s.slug),
      slug: s.slug,
      kind: s.kind,
      category: s.category,
      rank,
      active: true,
      markets,
      defaultHours: s.defaultHours,
      minHours: s.minHours,
      prices,
      i18n,
      updatedAt: SEED_UPDATED_AT,
    };
  });
}
