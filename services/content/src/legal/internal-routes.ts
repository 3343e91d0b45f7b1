import {
  INTERNAL_LEGAL_ACCEPTANCES_PATH,
  LEGAL_ACCEPTANCE_CHECK_PATH,
  LegalAcceptanceCheckQuerySchema,
  LegalAcceptanceCheckSchema,
  LegalAcceptanceSchema,
  LegalInEffectQuerySchema,
  LegalInEffectSchema,
  LegalTypeSchema,
  RecordLegalAcceptanceBodySchema,
} from '@tm/contracts';
import { ok } from '@tm/shared';
import { envelopeOf } from '@tm/shared/http';
import { Elysia, t } from 'elysia';
import { acceptLegalVersion, hasAccepted, type LegalDeps, requireInEffect, toLegalAcceptance } from './use-cases.ts';

/**
 * Bookings' checkout gate (packages/contracts/src/legal.ts; not routed by the gateway): the
 * version in effect (bookings caches it for at most 60 s), whether a person accepted it, and an
 * acceptance made at checkout, recorded with the person's IP and user agent as bookings saw them.
 */
export function createLegalInternalRoutes(deps: LegalDeps) {
  return new Elysia({ name: 'content-legal-internal' })
    .get(
      '/internal/legal/:type/current',
      async ({ params, query }) => {
        const current = requireInEffect(await deps.readModel.current(), params.type, query.market, deps.clock.now());
        return ok({ type: current.type, market: current.market, version: current.version, effectiveAt: current.effectiveAt });
      },
      { params: t.Object({ type: LegalTypeSchema }), query: LegalInEffectQuerySchema, response: { 200: envelopeOf(LegalInEffectSchema) } },
    )
    .get(LEGAL_ACCEPTANCE_CHECK_PATH, async ({ query }) => ok({ accepted: await hasAccepted(deps, query.userId, query.type, query.market, query.version) }), {
      query: LegalAcceptanceCheckQuerySchema,
      response: { 200: envelopeOf(LegalAcceptanceCheckSchema) },
    })
    .post(
      INTERNAL_LEGAL_ACCEPTANCES_PATH,
      async ({ body, set }) => {
        const { acceptance, created } = await acceptLegalVersion(deps, body);
        set.status = created ? 201 : 200;
        return ok(toLegalAcceptance(acceptance));
      },
      { body: RecordLegalAcceptanceBodySchema, response: { 200: envelopeOf(LegalAcceptanceSchema), 201: envelopeOf(LegalAcceptanceSchema) } },
    );
}
