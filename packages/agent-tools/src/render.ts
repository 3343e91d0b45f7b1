import type { MarketInfo, PmPreview, Quote, ServiceDetail, ServiceSummary, TalentProfile } from '@tm/contracts/agent-tools';

/** The plain-text renderings of the tools' results, for clients (and models) that read text only. */

/** One line per search hit. */
export function renderServiceLine(s: ServiceSummary): string {
  const p = s.pricing;
  return `- ${s.name} [slug: ${s.slug}] (${s.kind}, ${s.category}): ${p.hourlyRate.formatted}/h in ${p.market}, default ${p.defaultHours} h, minimum ${p.minHours} h. ${s.summary}`;
}

export function renderServiceDetail(s: ServiceDetail): string {
  const pms = s.availablePms.map((p) => `  - ${renderPmLine(p)}`);
  return [
    `${s.name} [slug: ${s.slug}, id: ${s.id}] (${s.kind}, ${s.category})`,
    s.summary,
    s.description,
    `Price in ${s.pricing.market}: ${s.pricing.hourlyRate.formatted}/h; default ${s.pricing.defaultHours} h ≈ ${s.pricing.estimatedAmount.formatted} before ${s.pricing.taxName}; minimum ${s.pricing.minHours} h.`,
    `Offered in: ${s.markets.join(', ')}`,
    `Includes: ${s.inclusions.join('; ')}`,
    ...(pms.length ? ['Available project managers:', ...pms] : []),
    `Page: ${s.url}`,
  ].join('\n');
}

export function renderQuote(q: Quote): string {
  const lines = q.lines.map((l) => {
    const hours = l.minimumApplied ? `${l.billedHours} h billed (${l.hours} h requested, minimum applies)` : `${l.billedHours} h`;
    return `- ${l.name} [${l.slug}]: ${hours} x ${l.unitAmount.formatted}/h x ${l.qty} = ${l.amount.formatted}`;
  });
  const pct = q.tax.rateBasisPoints / 100;
  return [
    `Quote in ${q.market} (${q.currency}), valid until ${q.validUntil}:`,
    ...lines,
    `Subtotal: ${q.subtotal.formatted}`,
    `${q.tax.name} ${pct}%: ${q.tax.amount.formatted}`,
    `Total: ${q.total.formatted}`,
  ].join('\n');
}

export function renderMarkets(markets: MarketInfo[]): string {
  return markets
    .map((m) => `- ${m.code} ${m.name}: ${m.currency}, ${m.taxName} ${m.taxPercent}, languages ${m.languages.join(', ')}${m.isDefault ? ' (default)' : ''}`)
    .join('\n');
}

export function renderPmLine(p: PmPreview): string {
  const a = p.availability;
  return `${p.displayName} [slug: ${p.slug}] ${p.rating ? `rated ${p.rating.average}/5 from ${p.rating.count} reviews here, ` : ''}listed ${p.listedRating}/5 (${p.listedReviewCount} reviews), ${a.status}, ${a.hoursPerWeek} h/week from ${a.nextAvailableDate}: ${p.headline}`;
}

export function renderProfile(p: TalentProfile): string {
  return [
    `${p.displayName} [slug: ${p.slug}] (${p.role}), ${p.location.city}, ${p.location.market}`,
    p.headline,
    p.bio,
    `${p.rating ? `Rated ${p.rating.average}/5 from ${p.rating.count} reviews here; ` : ''}listed rating ${p.listedRating}/5 from ${p.listedReviewCount} reviews; ${p.availability.status}, ${p.availability.hoursPerWeek} h/week from ${p.availability.nextAvailableDate}`,
    `Skills: ${p.skills.map((s) => `${s.name} (${s.years} y)`).join(', ')}`,
    `Languages: ${p.languages.map((l) => `${l.name} (${l.proficiency})`).join(', ')}`,
    `Delivers: ${p.services.join(', ')}`,
    ...p.experience.map((e) => `- ${e.title}, ${e.company} (${e.from} to ${e.to ?? 'now'}): ${e.summary}`),
    `Profile: ${p.profileUrl}`,
  ].join('\n');
}
