import { ExperimentResultsSchema, FlagSchema, GROWTH_ERROR_STATUS, LeadSchema, TrackBatchSchema } from '@tm/contracts';
import { SERVICE_APP_CONFIG, serviceBase, serviceOpenApi } from '@tm/shared/http';
import { Elysia } from 'elysia';
import { createAccountDataRoutes } from './account/routes.ts';
import type { GrowthDeps } from './deps.ts';
import { createExposures } from './experiments/exposures.ts';
import { createExperimentRoutes } from './experiments/routes.ts';
import { createFlagAdminRoutes } from './flags/admin-routes.ts';
import { createFlagEvaluator } from './flags/evaluator.ts';
import { createOfrepRoutes } from './flags/ofrep-routes.ts';
import { createFlagRepository } from './flags/repository.ts';
import { createFlagSnapshot } from './flags/snapshot.ts';
import { createLeadRepository } from './leads/repository.ts';
import { createLeadRoutes } from './leads/routes.ts';
import { createConsents } from './tracking/consents.ts';
import { createDedupe } from './tracking/dedupe.ts';
import { createEventStore } from './tracking/event-store.ts';
import { createTrackingRoutes } from './tracking/routes.ts';

/** The repositories and the flag snapshot, built once from the deps (the app, main's index set-up and tests share them). */
export function buildParts(deps: GrowthDeps) {
  const flags = createFlagRepository(deps.documents);
  const snapshot = createFlagSnapshot({ repo: flags, clock: deps.clock, logger: deps.logger, refreshMs: deps.flagsRefreshMs });
  const parts = {
    flags,
    snapshot,
    evaluator: createFlagEvaluator(snapshot),
    consents: createConsents(deps.documents),
    events: createEventStore(deps.documents),
    exposures: createExposures(deps.documents),
    leads: createLeadRepository(deps.documents),
    dedupe: createDedupe(deps.keyValue),
  };
  return {
    ...parts,
    async ensureIndexes(): Promise<void> {
      await parts.flags.ensureIndexes();
      await parts.consents.ensureIndexes();
      await parts.events.ensureIndexes();
      await parts.exposures.ensureIndexes();
      await parts.leads.ensureIndexes();
      await deps.notifier.ensureIndexes();
    },
  };
}

export type GrowthParts = ReturnType<typeof buildParts>;

/** The growth service: flags (admin and OFREP), experiments, tracking, consent and leads (design/growth.md). Never reads the environment, never opens a connection. */
export function createApp(deps: GrowthDeps, parts: GrowthParts = buildParts(deps)) {
  const { tokens, clock, logger } = deps;
  return new Elysia(SERVICE_APP_CONFIG)
    .use(
      serviceBase({
        internalCallers: deps.internalCallers,
        service: 'growth',
        logger,
        errorStatus: GROWTH_ERROR_STATUS,
        telemetry: deps.telemetry,
        metrics: { token: deps.metricsToken, withoutToken: 'open' },
        readiness: {
          documents: { check: () => deps.documents.ping(), required: true, kind: deps.documents.kind },
          keyValue: { check: () => deps.keyValue.ping(), required: true, kind: deps.keyValue.kind },
          ...deps.readiness,
        },
      }),
    )
    .use(
      serviceOpenApi({
        title: 'Growth',
        description:
          'Feature flags and experiments, tracking and consent, and lead capture. Flags are evaluated over OFREP at /ofrep/v1 on the site root (docs/flags.md); the admin operations need an admin token.',
        tags: [
          { name: 'Flags', description: 'Feature flags and their evaluation' },
          { name: 'Experiments', description: 'Exposures and results of experiments' },
          { name: 'Tracking', description: 'Event ingestion and consent' },
          { name: 'Leads', description: 'Lead capture and follow-up' },
        ],
        schemas: { Flag: FlagSchema, Lead: LeadSchema, ExperimentResults: ExperimentResultsSchema, TrackBatch: TrackBatchSchema },
      }),
    )
    .use(createOfrepRoutes({ evaluator: parts.evaluator, tokens, logger }))
    .use(createFlagAdminRoutes({ repo: parts.flags, snapshot: parts.snapshot, tokens, clock }))
    .use(createExperimentRoutes({ exposures: parts.exposures, snapshot: parts.snapshot, consents: parts.consents, tokens, clock }))
    .use(
      createTrackingRoutes({
        events: parts.events,
        consents: parts.consents,
        dedupe: parts.dedupe,
        exposures: parts.exposures,
        flags: () => parts.snapshot.loaded(),
        tokens,
        clock,
        logger,
      }),
    )
    .use(
      createLeadRoutes({
        leads: parts.leads,
        notifier: deps.notifier,
        keyValue: deps.keyValue,
        tokens,
        clock,
        logger,
        trustProxy: deps.trustProxy,
        limit: deps.leadLimit,
      }),
    )
    .use(createAccountDataRoutes({ leads: parts.leads, consents: parts.consents, events: parts.events, exposures: parts.exposures, contacts: deps.contacts }));
}
