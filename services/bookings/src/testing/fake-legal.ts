import type { MarketCode } from '@tm/contracts';
import { DomainError } from '@tm/shared';
import type { LegalPort } from '../legal/legal-port.ts';

/**
 * Content's legal calls stand-in: the terms in effect per market (version 1 unless set), the
 * acceptances it recorded, and `down` to fail as an unreachable content would. With
 * `everyoneAccepted`, every person counts as having accepted (tests about other rules).
 */
export function createFakeLegal(options: { everyoneAccepted?: boolean } = {}) {
  const fake = {
    versions: {} as Partial<Record<MarketCode, number>>,
    accepted: new Set<string>(),
    recorded: [] as Parameters<LegalPort['recordTermsAcceptance']>[0][],
    down: false,
    calls: 0,
    async termsInEffect(market: MarketCode) {
      fake.calls++;
      if (fake.down) throw new DomainError('SERVICE_UNAVAILABLE', 'content is down (fake)');
      return fake.versions[market] ?? 1;
    },
    async hasAcceptedTerms(userId: string, market: MarketCode, version: number) {
      fake.calls++;
      if (fake.down) throw new DomainError('SERVICE_UNAVAILABLE', 'content is down (fake)');
      return options.everyoneAccepted === true || fake.accepted.has(`${userId}:${market}:${version}`);
    },
    async recordTermsAcceptance(acceptance: Parameters<LegalPort['recordTermsAcceptance']>[0]) {
      fake.calls++;
      if (fake.down) throw new DomainError('SERVICE_UNAVAILABLE', 'content is down (fake)');
      if (acceptance.version !== (fake.versions[acceptance.market] ?? 1)) throw new DomainError('LEGAL_VERSION_NOT_CURRENT', 'not current (fake)');
      fake.recorded.push(acceptance);
      fake.accepted.add(`${acceptance.userId}:${acceptance.market}:${acceptance.version}`);
    },
    forget() {},
  };
  return fake satisfies LegalPort;
}
