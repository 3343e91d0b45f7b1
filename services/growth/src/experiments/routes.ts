import { ExperimentResultsSchema, ExposureBodySchema, ExposureRecordedSchema } from '@tm/contracts';
import { type Clock, DomainError, ok } from '@tm/shared';
import { envelopeOf } from '@tm/shared/http';
import type { CallerVerifier } from '@tm/shared/tokens/callers';
import { Elysia, t } from 'elysia';
import type { FlagSnapshot } from '../flags/snapshot.ts';
import { checkFlagKey } from '../flags/validate.ts';
import { checkedBody } from '../http/checked-body.ts';
import { errorResponses } from '../http/errors.ts';
import type { Consents } from '../tracking/consents.ts';
import type { Exposures } from './exposures.ts';
import { sampleRatioMismatch } from './srm.ts';

const doc = (operationId: string, summary: string, description: string) => ({ operationId, summary, description, tags: ['Experiments'] });

/** Exposures (public) and an experiment's results (admin). */
export function createExperimentRoutes(deps: { exposures: Exposures; snapshot: FlagSnapshot; consents: Consents; tokens: CallerVerifier; clock: Clock }) {
  const { exposures, tokens } = deps;
  return new Elysia({ name: 'experiment-routes' })
    .post(
      '/experiments/exposures',
      async ({ request, body, set }) => {
        const caller = await tokens.publicCaller(request.headers.get('authorization'));
        const flag = (await deps.snapshot.current()).get(body.flagKey);
        if (!flag) throw new DomainError('FLAG_NOT_FOUND', `No flag named ${body.flagKey}`);
        if (!(flag.variants ?? []).some((v) => v.key === body.variant))
          throw new DomainError('INVALID_EXPOSURE', `variant: "${body.variant}" is not a variant of ${body.flagKey}`);
        const gpc = request.headers.get('sec-gpc') === '1';
        const allowed = (await deps.consents.analyticsAllowed([body.deviceId], caller, gpc)).get(body.deviceId) === true;
        if (!allowed) return ok({ recorded: false, reason: 'no_consent' as const });
        const recorded = await exposures.record(body.flagKey, body.variant, body.deviceId, new Date(deps.clock.now()));
        if (recorded) set.status = 201;
        return ok(recorded ? { recorded: true } : { recorded: false, reason: 'duplicate' as const });
      },
      {
        body: ExposureBodySchema,
        transform: checkedBody(ExposureBodySchema, 'INVALID_EXPOSURE'),
        response: {
          200: envelopeOf(ExposureRecordedSchema, 'ExposureRecordedEnvelope'),
          201: envelopeOf(ExposureRecordedSchema, 'ExposureRecordedEnvelope'),
          ...errorResponses(400, 401, 404),
        },
        detail: doc(
          'recordExposure',
          'Record that a device saw a variant',
          '201 the first time a device is exposed to a flag; 200 {recorded: false} after that (the first exposure counts) or without analytics consent (or with Sec-GPC: 1). 404 FLAG_NOT_FOUND, 400 INVALID_EXPOSURE for a variant the flag lacks.',
        ),
      },
    )
    .get(
      '/experiments/:key/results',
      async ({ request, params }) => {
        await tokens.admin(request.headers.get('authorization'));
        const flag = (await deps.snapshot.current()).get(checkFlagKey(params.key));
        if (!flag) throw new DomainError('FLAG_NOT_FOUND', `No flag named ${params.key}`);
        const variants = await Promise.all(
          (flag.variants ?? []).map(async (v) => ({ key: v.key, weight: v.weight, ...(await exposures.countsOf(flag._id, v.key)) })),
        );
        const srm = sampleRatioMismatch(
          variants.map((v) => v.exposures),
          variants.map((v) => v.weight),
        );
        return ok({ flagKey: flag._id, goalEvent: flag.goalEvent ?? null, variants, srm });
      },
      {
        params: t.Object({ key: t.String() }),
        response: { 200: envelopeOf(ExperimentResultsSchema, 'ExperimentResultsEnvelope'), ...errorResponses(400, 401, 403, 404) },
        detail: doc(
          'getExperimentResults',
          "An experiment's results (admin)",
          "Per variant: devices exposed and those that sent the flag's goalEvent after their exposure; srm: a chi-square test of the exposures against the weights (mismatch when p < 0.001).",
        ),
      },
    );
}
