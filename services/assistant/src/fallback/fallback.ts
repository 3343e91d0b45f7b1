import { type AgentTool, runTool, type ToolContext } from '@tm/agent-tools';
import { MARKETS, type Quote } from '@tm/contracts';
import { formatMinor } from '@tm/shared/money';
import type { Retrieved } from '../retrieval/retrieve.ts';
import { priceIntent, serviceNamed } from './intent.ts';

/** Why the answer was built without the model. */
export type FallbackReason = 'no-model' | 'timeout' | 'provider-error';

const INTRO: Record<FallbackReason, string> = {
  'no-model': 'Here is what I found (this assistant answers without an AI model here):',
  timeout: 'The AI model did not answer in time, so here is what I found directly:',
  'provider-error': 'The AI model is not available right now, so here is what I found directly:',
};

/** A deterministic answer: its text and, when the text named a service and hours, the catalog's quote. */
export interface FallbackAnswer {
  text: string;
  quote?: Quote;
}

function quoteLines(quote: Quote, note: string | undefined): string[] {
  const money = (amount: number) => formatMinor({ amount, currency: quote.currency });
  const market = MARKETS[quote.market]?.name ?? quote.market;
  return [
    `Quote in ${market} (${quote.currency}), valid until ${quote.validUntil}:`,
    ...quote.lines.map((l) => `- ${l.qty} x ${l.name}, ${l.billedHours} hours each: ${money(l.amount)}${l.note ? ` (${l.note})` : ''}`),
    ...(note ? [`  (${note})`] : []),
    `Subtotal ${money(quote.subtotal)}, ${quote.tax.name} ${quote.tax.rateBasisPoints / 100}% ${money(quote.tax.amount)}, total ${money(quote.total)}.`,
  ];
}

/**
 * The answer when there is no model (no key, a timeout, a provider error): the best FAQ entries
 * and service cards for the text and, when it names a service and hours, that service's quote
 * from the catalog (the same quote_service tool the model would call). Deterministic, so tests
 * check it offline. With the catalog away it answers from the FAQ alone.
 */
export async function fallbackAnswer(
  text: string,
  retrieved: Retrieved,
  reason: FallbackReason,
  quoteTool: AgentTool,
  ctx: ToolContext,
): Promise<FallbackAnswer> {
  const parts: string[] = [INTRO[reason]];
  let quote: Quote | undefined;
  const intent = priceIntent(text, retrieved.services);
  if (intent) {
    const args = { service: intent.service.slug, hours: intent.hours, qty: intent.qty, ...(intent.market ? { market: intent.market } : {}) };
    const priced = await runTool(quoteTool, args, ctx);
    if (priced.ok && priced.quote) {
      quote = priced.quote;
      parts.push(quoteLines(quote, intent.note).join('\n'));
    } else if (!priced.ok) parts.push(`I could not price ${intent.service.name} just now (${priced.code}).`);
  }
  if (retrieved.faq.length) parts.push(['From our FAQ:', ...retrieved.faq.map((f) => `- ${f.question} ${f.answer}`)].join('\n'));
  if (retrieved.services.length) {
    const cards = retrieved.services.map((s) => {
      const p = s.pricing;
      return `- ${s.name}: ${s.summary} ${formatMinor({ amount: p.hourlyRate, currency: p.currency })} an hour, at least ${p.minHours} hours. ${ctx.origin}/services/${s.slug}`;
    });
    parts.push(['Services that fit:', ...cards].join('\n'));
  }
  for (const { page, source } of retrieved.pages) parts.push(`${page.title}: ${page.summary ?? ''} ${source.url}`.trim());
  if (!retrieved.catalogAvailable) parts.push('Services and prices are unavailable right now; please ask again in a moment.');
  if (parts.length === 1) {
    parts.push(
      'I found nothing on that yet. Name a service and the hours (for example "a React developer for 120 hours in Germany") and I will price it, or ask about booking and payment.',
    );
  } else if (!intent && serviceNamed(text, retrieved.services)) {
    parts.push('Tell me the hours (for example "120 hours" or "3 months") and I will price it exactly.');
  }
  return { text: parts.join('\n\n'), ...(quote ? { quote } : {}) };
}
