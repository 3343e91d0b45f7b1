import {
  AcceptLegalBodySchema,
  CreateLegalVersionBodySchema,
  LEGAL_TYPES,
  LegalAcceptanceSchema,
  LegalDocumentSchema,
  type LegalType,
  LegalVersionSchema,
  LegalVersionSummarySchema,
  PendingLegalDocumentSchema,
} from '@tm/contracts';
import { DomainError, ok } from '@tm/shared';
import { envelopeOf, LocaleHeadersSchema } from '@tm/shared/http';
import { resolveLang, resolveMarket } from '@tm/shared/money';
import { answerPrebuilt } from '@tm/shared/search';
import { Elysia, t } from 'elysia';
import type { CallerReader } from '../auth/caller.ts';
import { ErrorEnvelopeSchema } from '../http/error-envelope.ts';
import { guardWrite } from '../http/guard-write.ts';
import { acceptanceIpOf, userAgentOf } from '../http/request-facts.ts';
import { LEGAL_DOCS } from './route-docs.ts';
import { translationFor } from './rules.ts';
import {
  acceptLegalVersion,
  type LegalDeps,
  pendingFor,
  publishLegalVersion,
  requireInEffect,
  toLegalAcceptance,
  toLegalDocument,
  toLegalVersion,
  versionsOf,
} from './use-cases.ts';

const TypeParams = t.Object({ type: t.String({ description: 'terms, privacy, refund, cookies or talent-agreement' }) });
const errors = { 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };
const signedIn = { 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema };

/** A path type: one of LEGAL_TYPES, else 404 (no such document). */
function legalType(raw: string): LegalType {
  if (!(LEGAL_TYPES as readonly string[]).includes(raw)) throw new DomainError('LEGAL_DOCUMENT_NOT_FOUND', `No legal document type "${raw.slice(0, 40)}"`);
  return raw as LegalType;
}

/** The public and admin legal routes: validate, call, map. */
export function createLegalRoutes(deps: LegalDeps & { callers: CallerReader }) {
  const { callers } = deps;
  return new Elysia({ name: 'content-legal-routes' })
    .get(
      '/legal/pending',
      async ({ request, set }) => {
        const caller = await callers.required(request);
        const market = resolveMarket(request.headers.get('x-country'));
        const lang = resolveLang(request.headers.get('x-lang'));
        set.headers.vary = 'Authorization, X-Country, X-Lang';
        return ok(await pendingFor(deps, caller, market.code, lang));
      },
      { headers: LocaleHeadersSchema, response: { 200: envelopeOf(t.Array(PendingLegalDocumentSchema)), ...errors, ...signedIn }, detail: LEGAL_DOCS.pending },
    )
    .post(
      '/legal/acceptances',
      async ({ request, body, set, server }) => {
        const caller = await callers.required(request);
        const market = resolveMarket(request.headers.get('x-country'));
        const { acceptance, created } = await acceptLegalVersion(deps, {
          userId: caller.sub,
          role: caller.role,
          type: body.type,
          market: market.code,
          version: body.version,
          lang: resolveLang(request.headers.get('x-lang')),
          ip: acceptanceIpOf(request, server),
          userAgent: userAgentOf(request),
          source: 'api',
        });
        set.status = created ? 201 : 200;
        return ok(toLegalAcceptance(acceptance));
      },
      {
        headers: LocaleHeadersSchema,
        transform: guardWrite(callers.required, AcceptLegalBodySchema),
        body: AcceptLegalBodySchema,
        response: { 200: envelopeOf(LegalAcceptanceSchema), 201: envelopeOf(LegalAcceptanceSchema), ...errors, ...signedIn, 409: ErrorEnvelopeSchema },
        detail: LEGAL_DOCS.accept,
      },
    )
    .get(
      '/legal/:type',
      async ({ params, request }) => {
        const type = legalType(params.type);
        const market = resolveMarket(request.headers.get('x-country'));
        const lang = resolveLang(request.headers.get('x-lang'));
        const snapshot = await deps.readModel.current();
        const current = requireInEffect(snapshot, type, market.code, deps.clock.now());
        const shown = translationFor(current, lang).lang;
        const answer = snapshot.answer(`legal:${current._id}:${shown}`, () => JSON.stringify(ok(toLegalDocument(current, shown))));
        return answerPrebuilt(request, answer, { vary: 'X-Country, X-Lang', 'content-language': shown });
      },
      { params: TypeParams, headers: LocaleHeadersSchema, response: { 200: envelopeOf(LegalDocumentSchema), ...errors }, detail: LEGAL_DOCS.get },
    )
    .get(
      '/legal/:type/versions',
      async ({ params, request }) => {
        const type = legalType(params.type);
        const market = resolveMarket(request.headers.get('x-country'));
        const versions = versionsOf(await deps.readModel.current(), type, market.code);
        return ok(
          [...versions]
            .reverse()
            .map((v) => ({ version: v.version, effectiveAt: v.effectiveAt, material: v.material, langs: Object.keys(v.translations) as never })),
        );
      },
      {
        params: TypeParams,
        headers: LocaleHeadersSchema,
        response: { 200: envelopeOf(t.Array(LegalVersionSummarySchema)), ...errors },
        detail: LEGAL_DOCS.versions,
      },
    )
    .post(
      '/legal/:type/versions',
      async ({ params, request, body, set }) => {
        const admin = await callers.admin(request);
        const type = legalType(params.type);
        const doc = await publishLegalVersion(deps, type, body, admin.sub);
        set.status = 201;
        return ok(toLegalVersion(doc));
      },
      {
        params: TypeParams,
        transform: guardWrite(callers.admin, CreateLegalVersionBodySchema),
        body: CreateLegalVersionBodySchema,
        response: { 201: envelopeOf(LegalVersionSchema), ...errors, ...signedIn, 409: ErrorEnvelopeSchema },
        detail: LEGAL_DOCS.create,
      },
    );
}
