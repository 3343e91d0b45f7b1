import type { Lang, MarketCode, Role } from '@tm/contracts';
import { DomainError } from '@tm/shared';
import type { LegalPort } from './legal-port.ts';

/** What the person's request says about them, recorded with an acceptance made at checkout. */
export interface CheckoutFacts {
  ip?: string | undefined;
  userAgent?: string | undefined;
  lang: Lang;
}

/**
 * The checkout gate (design/content.md): a booking is sold only under the market's terms in
 * effect, accepted before or with this request. Answers the version the booking is sold under.
 * - `acceptedTermsVersion` is not the one in effect: 409 LEGAL_VERSION_NOT_CURRENT;
 * - it is: the acceptance is recorded at content (the person's IP, user agent and language);
 * - absent, and the person has not accepted the version in effect: 409 LEGAL_ACCEPTANCE_REQUIRED.
 * Content unreachable: 503 (never a sale without knowing the terms were accepted).
 */
export async function checkTerms(
  legal: LegalPort,
  actor: { id: string; role: Role },
  market: MarketCode,
  acceptedTermsVersion: number | undefined,
  facts: CheckoutFacts,
): Promise<number> {
  const version = await legal.termsInEffect(market);
  if (acceptedTermsVersion !== undefined) {
    if (acceptedTermsVersion !== version) throw notCurrent(market, version);
    try {
      await legal.recordTermsAcceptance({ userId: actor.id, role: actor.role, market, version, lang: facts.lang, ip: facts.ip, userAgent: facts.userAgent });
    } catch (err) {
      // Our cached version was older than content's: the next checkout reads it again.
      if (err instanceof DomainError && err.code === 'LEGAL_VERSION_NOT_CURRENT') legal.forget(market);
      throw err;
    }
    return version;
  }
  if (!(await legal.hasAcceptedTerms(actor.id, market, version))) {
    throw new DomainError(
      'LEGAL_ACCEPTANCE_REQUIRED',
      `Accept the terms first: read version ${version} at GET /api/legal/terms (X-Country: ${market}), then send acceptedTermsVersion: ${version} with the booking or POST /api/legal/acceptances`,
    );
  }
  return version;
}

function notCurrent(market: MarketCode, version: number): DomainError {
  return new DomainError(
    'LEGAL_VERSION_NOT_CURRENT',
    `The terms in effect in ${market} are version ${version}: read them at GET /api/legal/terms and accept that version`,
  );
}
