import type { PmPreview as ApiPmPreview, Quote as ApiQuote, Service as ApiService, CurrencyCode, Market, StaffProfile } from '@tm/contracts';
import type { MarketInfo, Money, PmPreview, Quote, ServiceDetail, ServiceSummary, TalentProfile } from '@tm/contracts/agent-tools';
import { formatMinor } from '@tm/shared/money';

/** Minor units with their formatted rendering, so an agent never has to divide by 100 itself. */
export function toMoney(amount: number, currency: CurrencyCode): Money {
  return { amount, currency, formatted: formatMinor({ amount, currency }) };
}

/** A site path made absolute under the public origin (absolute URLs are kept). */
export function absoluteUrl(origin: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${origin}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** A catalog Service as a search hit. */
export function toServiceSummary(s: ApiService, origin: string): ServiceSummary {
  const p = s.pricing;
  return {
    id: s._id,
    slug: s.slug,
    kind: s.kind,
    category: s.category,
    name: s.name,
    summary: s.summary,
    markets: s.markets,
    pricing: {
      market: p.market,
      currency: p.currency,
      hourlyRate: toMoney(p.hourlyRate, p.currency),
      defaultHours: p.defaultHours,
      minHours: p.minHours,
      estimatedAmount: toMoney(p.estimatedAmount, p.currency),
      taxName: p.taxName,
      taxRateBasisPoints: p.taxRateBasisPoints,
    },
    url: `${origin}/services/${encodeURIComponent(s.slug)}`,
  };
}

/** A catalog PM preview with an absolute profile link. */
export function toPmPreview(p: ApiPmPreview, origin: string): PmPreview {
  return {
    id: p.id,
    slug: p.slug,
    displayName: p.displayName,
    headline: p.headline,
    ...(p.rating ? { rating: { count: p.rating.count, average: p.rating.average } } : {}),
    listedRating: p.listedRating,
    listedReviewCount: p.listedReviewCount,
    availability: { status: p.availability.status, hoursPerWeek: p.availability.hoursPerWeek, nextAvailableDate: p.availability.nextAvailableDate },
    profileUrl: absoluteUrl(origin, p.profileUrl),
  };
}

/** A catalog Service with its full copy and PM previews. */
export function toServiceDetail(s: ApiService, origin: string): ServiceDetail {
  return {
    ...toServiceSummary(s, origin),
    language: s.lang,
    description: s.description,
    inclusions: s.inclusions,
    faq: s.faq.map((f) => ({ question: f.question, answer: f.answer })),
    availablePms: (s.availablePms ?? []).map((p) => toPmPreview(p, origin)),
    ...(s.rating ? { rating: { count: s.rating.count, average: s.rating.average } } : {}),
  };
}

/** A catalog Quote with every amount as Money. */
export function toQuote(q: ApiQuote): Quote {
  const money = (amount: number) => toMoney(amount, q.currency);
  return {
    market: q.market,
    currency: q.currency,
    lines: q.lines.map((l) => ({
      serviceId: l.serviceId,
      slug: l.slug,
      name: l.name,
      hours: l.hours,
      billedHours: l.billedHours,
      qty: l.qty,
      unitAmount: money(l.unitAmount),
      amount: money(l.amount),
      minimumApplied: l.minimumApplied,
      ...(l.note === undefined ? {} : { note: l.note }),
    })),
    subtotal: money(q.subtotal),
    tax: { name: q.tax.name, rateBasisPoints: q.tax.rateBasisPoints, amount: money(q.tax.amount) },
    total: money(q.total),
    validUntil: q.validUntil,
    validForSeconds: q.validForSeconds,
  };
}

/** A market table row as list_markets shows it. */
export function toMarketInfo(m: Market, defaultCode: string): MarketInfo {
  const pct = m.taxBasisPoints / 100;
  return {
    code: m.code,
    name: m.name,
    currency: m.currency,
    taxName: m.taxName,
    taxBasisPoints: m.taxBasisPoints,
    taxPercent: `${Number.isInteger(pct) ? pct : pct.toFixed(2)}%`,
    languages: [...m.languages],
    isDefault: m.code === defaultCode,
  };
}

/** A talent public profile, field by field (nothing the talent service adds later leaks by accident). */
export function toTalentProfile(p: StaffProfile, origin: string): TalentProfile {
  return {
    id: p.id,
    slug: p.slug,
    role: p.role,
    displayName: p.displayName,
    headline: p.headline,
    bio: p.bio,
    skills: p.skills.map((s) => ({ name: s.name, years: s.years })),
    experience: p.experience.map((e) => ({ company: e.company, title: e.title, from: e.from, to: e.to, summary: e.summary })),
    languages: p.languages.map((l) => ({ code: l.code, name: l.name, proficiency: l.proficiency })),
    location: { market: p.location.market, city: p.location.city },
    ...(p.rating ? { rating: { count: p.rating.count, average: p.rating.average } } : {}),
    listedRating: p.listedRating,
    listedReviewCount: p.listedReviewCount,
    availability: { status: p.availability.status, hoursPerWeek: p.availability.hoursPerWeek, nextAvailableDate: p.availability.nextAvailableDate },
    services: [...p.services],
    industries: [...p.industries],
    profileUrl: absoluteUrl(origin, p.profileUrl),
    updatedAt: p.updatedAt,
  };
}
