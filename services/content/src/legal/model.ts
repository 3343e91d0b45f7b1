import type { Lang, LegalType, MarketCode, Role } from '@tm/contracts';

/** One translation of a stored version. */
export interface StoredTranslation {
  title: string;
  body: string;
  bodyHash: string;
}

/** A version as stored (`legal_versions`): `_id` is `type:market:version`, so a version number is taken once. */
export interface LegalVersionDoc {
  _id: string;
  type: LegalType;
  market: MarketCode;
  version: number;
  effectiveAt: string;
  material: boolean;
  translations: Partial<Record<Lang, StoredTranslation>>;
  createdAt: string;
  createdBy: string;
  [key: string]: unknown;
}

/**
 * An acceptance as stored (`legal_acceptances`), append-only: never updated except by erasure,
 * which removes the IP and user agent and keeps the rest as evidence.
 */
export interface AcceptanceDoc {
  _id: string;
  userId: string;
  role: Role;
  type: LegalType;
  market: MarketCode;
  version: number;
  lang: Lang;
  bodyHash: string;
  acceptedAt: string;
  ip?: string;
  userAgent?: string;
  source: 'api' | 'checkout';
  erasedAt?: string;
  [key: string]: unknown;
}

export const versionId = (type: LegalType, market: MarketCode, version: number) => `${type}:${market}:${version}`;
