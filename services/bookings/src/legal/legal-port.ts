import {
  INTERNAL_LEGAL_ACCEPTANCES_PATH,
  LEGAL_ACCEPTANCE_CHECK_PATH,
  LegalAcceptanceCheckSchema,
  LegalAcceptanceSchema,
  LegalInEffectSchema,
  legalInEffectPath,
  type MarketCode,
  type RecordLegalAcceptanceBody,
} from '@tm/contracts';
import { type Clock, DomainError } from '@tm/shared';
import { type ClientKit, createServiceClient, type ServiceFailure } from '@tm/shared/client';

/** What the checkout gate asks content (packages/contracts/src/legal.ts, internal calls). */
export interface LegalPort {
  /** The version of the market's terms in effect (cached for at most 60 s). */
  termsInEffect(market: MarketCode): Promise<number>;
  /** Whether the person accepted that version (or an earlier one with only non-material versions since). */
  hasAcceptedTerms(userId: string, market: MarketCode, version: number): Promise<boolean>;
  /** Records an acceptance made with a booking; 409 LEGAL_VERSION_NOT_CURRENT when the terms changed meanwhile. */
  recordTermsAcceptance(acceptance: Omit<RecordLegalAcceptanceBody, 'type' | 'source'>): Promise<void>;
  /** Forgets the cached version of a market (content said it is no longer current). */
  forget(market: MarketCode): void;
}

/** The longest the version in effect may be cached (design/content.md "Checkout gate"). */
export const MAX_TERMS_CACHE_MS = 60_000;

/**
 * Bookings never sells without knowing the terms: content unreachable (and, for the version,
 * nothing cached) is 503 SERVICE_UNAVAILABLE, whatever the client's failure code was.
 */
function unavailable(): DomainError {
  return new DomainError('SERVICE_UNAVAILABLE', 'The terms cannot be checked right now; try again shortly', 5);
}

/** A content answer bookings passes on (its own codes); anything else means content cannot be asked. */
function passOn(res: ServiceFailure): DomainError {
  if (res.code === 'LEGAL_VERSION_NOT_CURRENT') return new DomainError('LEGAL_VERSION_NOT_CURRENT', res.message);
  return unavailable();
}

/** Content over HTTP through the shared service client; the version in effect cached per market for `cacheMs` (at most 60 s). */
export function createHttpLegal(options: { baseUrl: string; timeoutMs: number; clock: Clock; cacheMs?: number } & ClientKit): LegalPort {
  const { clock: _clock, cacheMs: _cacheMs, ...clientOptions } = options;
  const client = createServiceClient({ service: 'content', ...clientOptions });
  const cacheMs = Math.min(options.cacheMs ?? MAX_TERMS_CACHE_MS, MAX_TERMS_CACHE_MS);
  const cached = new Map<MarketCode, { version: number; at: number }>();
  return {
    async termsInEffect(market) {
      const held = cached.get(market);
      if (held && options.clock.now() - held.at < cacheMs) return held.version;
      const res = await client.call(legalInEffectPath('terms'), { query: { market }, schema: LegalInEffectSchema });
      if (!res.ok) {
        // No terms in effect for the market is a setup fault: nothing can be sold there.
        if (res.code === 'LEGAL_DOCUMENT_NOT_FOUND')
          throw new DomainError('SERVICE_UNAVAILABLE', `No terms are in effect in ${market}; nothing can be booked there yet`);
        throw unavailable();
      }
      cached.set(market, { version: res.data.version, at: options.clock.now() });
      return res.data.version;
    },
    async hasAcceptedTerms(userId, market, version) {
      const res = await client.call(LEGAL_ACCEPTANCE_CHECK_PATH, { query: { userId, type: 'terms', market, version }, schema: LegalAcceptanceCheckSchema });
      if (!res.ok) throw unavailable();
      return res.data.accepted;
    },
    async recordTermsAcceptance(acceptance) {
      const res = await client.call(INTERNAL_LEGAL_ACCEPTANCES_PATH, {
        method: 'POST',
        body: { ...acceptance, type: 'terms', source: 'checkout' } satisfies RecordLegalAcceptanceBody,
        schema: LegalAcceptanceSchema,
      });
      if (!res.ok) throw passOn(res);
    },
    forget(market) {
      cached.delete(market);
    },
  };
}
