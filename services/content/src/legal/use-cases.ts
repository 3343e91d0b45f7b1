import {
  type CreateLegalVersionBody,
  LANGUAGES,
  type Lang,
  type LegalAcceptance,
  type LegalDocument,
  type LegalType,
  type LegalVersion,
  type MarketCode,
  type PendingLegalDocument,
  type Role,
} from '@tm/contracts';
import { type Clock, DomainError } from '@tm/shared';
import type { ContentReadModel, ContentSnapshot } from '../read-model/read-model.ts';
import type { Revision } from '../read-model/revision.ts';
import type { AcceptanceDoc, LegalVersionDoc } from './model.ts';
import { versionId } from './model.ts';
import type { LegalRepository } from './repository.ts';
import { bodyHashOf, countsAsAccepted, translationFor, typesToAccept, versionInEffect } from './rules.ts';

export interface LegalDeps {
  repo: LegalRepository;
  readModel: ContentReadModel;
  revision: Revision;
  clock: Clock;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Every version of a type in a market, from the snapshot. */
export function versionsOf(snapshot: ContentSnapshot, type: LegalType, market: MarketCode): readonly LegalVersionDoc[] {
  return snapshot.legal.get(`${type}:${market}`) ?? [];
}

/** The version in effect, or 404 LEGAL_DOCUMENT_NOT_FOUND. */
export function requireInEffect(snapshot: ContentSnapshot, type: LegalType, market: MarketCode, nowMs: number): LegalVersionDoc {
  const current = versionInEffect(versionsOf(snapshot, type, market), nowMs);
  if (!current) throw new DomainError('LEGAL_DOCUMENT_NOT_FOUND', `No ${type} document is in effect in market ${market}`);
  return current;
}

/** A version in one language, as GET /legal/{type} answers it. */
export function toLegalDocument(version: LegalVersionDoc, lang: Lang): LegalDocument {
  const shown = translationFor(version, lang);
  return {
    type: version.type,
    market: version.market,
    version: version.version,
    effectiveAt: version.effectiveAt,
    material: version.material,
    lang: shown.lang,
    title: shown.translation.title,
    body: shown.translation.body,
    bodyHash: shown.translation.bodyHash,
  };
}

export function toLegalVersion(doc: LegalVersionDoc): LegalVersion {
  return {
    type: doc.type,
    market: doc.market,
    version: doc.version,
    effectiveAt: doc.effectiveAt,
    material: doc.material,
    translations: doc.translations as LegalVersion['translations'],
    createdAt: doc.createdAt,
  };
}

/** A new version (admin): the next number for the type and market, taken with the store's unique index (a race takes the one after). */
export async function publishLegalVersion(deps: LegalDeps, type: LegalType, body: CreateLegalVersionBody, adminId: string): Promise<LegalVersionDoc> {
  const effectiveMs = Date.parse(body.effectiveAt);
  if (!Number.isFinite(effectiveMs)) throw new DomainError('VALIDATION_FAILED', 'effectiveAt must be an ISO 8601 date-time');
  const translations: LegalVersionDoc['translations'] = {};
  for (const lang of LANGUAGES) {
    const t = body.translations[lang];
    if (t) translations[lang] = { title: t.title, body: t.body, bodyHash: bodyHashOf(t.body) };
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    const version = (await deps.repo.latestVersion(type, body.market)) + 1;
    const doc: LegalVersionDoc = {
      _id: versionId(type, body.market, version),
      type,
      market: body.market,
      version,
      effectiveAt: iso(effectiveMs),
      material: body.material,
      translations,
      createdAt: iso(deps.clock.now()),
      createdBy: adminId,
    };
    if (await deps.repo.insertVersion(doc)) {
      await deps.revision.bump();
      await deps.readModel.refresh();
      return doc;
    }
  }
  throw new DomainError('VERSION_CONFLICT', 'Other versions were being published at the same time; try again');
}

export interface AcceptanceRequest {
  userId: string;
  role: Role;
  type: LegalType;
  market: MarketCode;
  version: number;
  lang: Lang;
  ip?: string | undefined;
  userAgent?: string | undefined;
  source: AcceptanceDoc['source'];
}

/**
 * Records that a person accepted the version in effect (the server's clock; the text's language
 * and hash as shown to them). The same acceptance again stores nothing new (`created` false); a
 * version that is not the one in effect is 409 LEGAL_VERSION_NOT_CURRENT.
 */
export async function acceptLegalVersion(deps: LegalDeps, request: AcceptanceRequest): Promise<{ acceptance: AcceptanceDoc; created: boolean }> {
  const snapshot = await deps.readModel.current();
  const current = requireInEffect(snapshot, request.type, request.market, deps.clock.now());
  if (request.version !== current.version)
    throw new DomainError(
      'LEGAL_VERSION_NOT_CURRENT',
      `Version ${request.version} of ${request.type} is not the one in effect in ${request.market} (${current.version} is)`,
    );
  const shown = translationFor(current, request.lang);
  return deps.repo.accept({
    userId: request.userId,
    role: request.role,
    type: request.type,
    market: request.market,
    version: current.version,
    lang: shown.lang,
    bodyHash: shown.translation.bodyHash,
    acceptedAt: iso(deps.clock.now()),
    ...(request.ip ? { ip: request.ip } : {}),
    ...(request.userAgent ? { userAgent: request.userAgent } : {}),
    source: request.source,
  });
}

export function toLegalAcceptance(doc: AcceptanceDoc): LegalAcceptance {
  return { type: doc.type, market: doc.market, version: doc.version, lang: doc.lang, bodyHash: doc.bodyHash, acceptedAt: doc.acceptedAt };
}

/** Whether a person's acceptances cover `version` of a type in a market (the material rule). */
export async function hasAccepted(deps: LegalDeps, userId: string, type: LegalType, market: MarketCode, version: number): Promise<boolean> {
  const snapshot = await deps.readModel.current();
  return countsAsAccepted(versionsOf(snapshot, type, market), version, await deps.repo.acceptedVersions(userId, type, market));
}

/** The documents in effect the caller's role must accept and has not (in the caller's language where translated). */
export async function pendingFor(deps: LegalDeps, caller: { sub: string; role: Role }, market: MarketCode, lang: Lang): Promise<PendingLegalDocument[]> {
  const snapshot = await deps.readModel.current();
  const now = deps.clock.now();
  const pending: PendingLegalDocument[] = [];
  for (const type of typesToAccept(caller.role)) {
    const versions = versionsOf(snapshot, type, market);
    const current = versionInEffect(versions, now);
    if (!current) continue;
    const accepted = await deps.repo.acceptedVersions(caller.sub, type, market);
    if (countsAsAccepted(versions, current.version, accepted)) continue;
    const shown = translationFor(current, lang);
    const earlier = accepted.filter((v) => v < current.version);
    pending.push({
      type,
      market,
      version: current.version,
      effectiveAt: current.effectiveAt,
      material: current.material,
      lang: shown.lang,
      title: shown.translation.title,
      url: `/api/legal/${type}`,
      ...(earlier.length > 0 ? { acceptedVersion: Math.max(...earlier) } : {}),
    });
  }
  return pending;
}
