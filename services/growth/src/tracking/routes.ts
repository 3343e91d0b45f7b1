import { ConsentBodySchema, ConsentSchema, TrackResultSchema } from '@tm/contracts';
import { type Clock, DomainError, ok } from '@tm/shared';
import { envelopeOf } from '@tm/shared/http';
import type { CallerVerifier } from '@tm/shared/tokens/callers';
import { Elysia, t } from 'elysia';
import { checkedBody } from '../http/checked-body.ts';
import { errorResponses } from '../http/errors.ts';
import type { Consents } from './consents.ts';
import { type IngestDeps, ingestBatch } from './ingest.ts';

const doc = (operationId: string, summary: string, description: string) => ({ operationId, summary, description, tags: ['Tracking'] });
const gpcOf = (request: Request) => request.headers.get('sec-gpc') === '1';

/** Tracking batches and consent: public; a bearer token, when sent, says whose they are (a body never does). */
export function createTrackingRoutes(deps: IngestDeps & { consents: Consents; tokens: CallerVerifier; clock: Clock }) {
  const { tokens } = deps;
  return new Elysia({ name: 'tracking-routes' })
    .post(
      '/track',
      async ({ request }) => {
        const caller = await tokens.publicCaller(request.headers.get('authorization'));
        return ok(await ingestBatch(deps, { raw: await request.text(), caller, gpc: gpcOf(request), receivedAt: deps.clock.now() }));
      },
      {
        // Read raw: the 500 KB cap and per-event reasons are the service's, not Elysia's validation.
        parse: 'none',
        response: { 200: envelopeOf(TrackResultSchema, 'TrackResultEnvelope'), ...errorResponses(400, 401, 503) },
        detail: {
          ...doc(
            'track',
            'Send a batch of events',
            'At most 100 events and 500 KB (else 400 INVALID_BATCH). Each event is accepted or listed in `rejected` with its reason: invalid, too_large (over 32 KB), no_consent (no analytics consent for its anonymousId, or Sec-GPC: 1), duplicate (its messageId seen within 7 days). Times are corrected by sentAt and never in the future; userId comes from the bearer token only.',
          ),
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/TrackBatch' } } } },
          parameters: [
            {
              name: 'Sec-GPC',
              in: 'header',
              required: false,
              schema: { type: 'string', enum: ['1'] },
              description: 'Global Privacy Control: 1 refuses every event',
            },
          ],
        } as never,
      },
    )
    .put(
      '/consents',
      async ({ request, body }) => {
        const caller = await tokens.publicCaller(request.headers.get('authorization'));
        return ok(await deps.consents.put(body, caller, gpcOf(request), new Date(deps.clock.now())));
      },
      {
        body: ConsentBodySchema,
        transform: checkedBody(ConsentBodySchema, 'INVALID_CONSENT'),
        response: { 200: envelopeOf(ConsentSchema, 'ConsentEnvelope'), ...errorResponses(400, 401) },
        detail: doc(
          'putConsent',
          'Give or change consent',
          'Records the purposes (analytics, marketing) for the device, and for a signed-in caller as theirs; every change is kept in the consent history. Events are stored only with analytics consent.',
        ),
      },
    )
    .get(
      '/consents',
      async ({ request, query }) => {
        const anonymousId = query.anonymousId;
        if (typeof anonymousId !== 'string' || anonymousId.length < 1 || anonymousId.length > 100)
          throw new DomainError('INVALID_CONSENT', 'anonymousId: 1 to 100 characters');
        const caller = await tokens.publicCaller(request.headers.get('authorization'));
        return ok(await deps.consents.get(anonymousId, caller));
      },
      {
        query: t.Object({ anonymousId: t.Optional(t.String({ description: 'The device id' })) }),
        response: { 200: envelopeOf(ConsentSchema, 'ConsentEnvelope'), ...errorResponses(400, 401) },
        detail: doc(
          'getConsent',
          'Read the consent in force',
          "The signed-in caller's own consent, else the device's; nothing consented (noticeVersion null) when none was given.",
        ),
      },
    );
}
