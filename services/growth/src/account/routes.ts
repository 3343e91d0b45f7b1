import { type AccountErasure, AccountErasureRequestSchema, AccountErasureSchema, type AccountExportPart, AccountExportPartSchema } from '@tm/contracts';
import { ok } from '@tm/shared';
import { envelopeOf } from '@tm/shared/http';
import { Elysia, t } from 'elysia';
import type { Exposures } from '../experiments/exposures.ts';
import { type LeadRepository, toLead } from '../leads/repository.ts';
import type { Consents } from '../tracking/consents.ts';
import type { EventStore } from '../tracking/event-store.ts';
import type { PersonContacts } from './contacts.ts';

const UserParams = t.Object({ userId: t.String({ minLength: 1, maxLength: 100 }) });

export interface AccountDataDeps {
  leads: LeadRepository;
  consents: Consents;
  events: EventStore;
  exposures: Exposures;
  contacts: PersonContacts;
}

/**
 * Auth's data-rights calls (packages/contracts/src/account.ts; not routed by the gateway). A
 * person's data here: the leads they sent (while signed in, or from their email or mobile, which
 * auth gives: by its contacts lookup for the export, in the erase body), their consents and
 * consent history, the devices they identified as, and those devices' events and exposures.
 * Erasure removes all of it and keeps nothing; it is idempotent.
 */
export function createAccountDataRoutes(deps: AccountDataDeps) {
  return new Elysia({ name: 'growth-account-data' })
    .get(
      '/internal/accounts/:userId/export',
      async ({ params }): Promise<{ success: true; data: AccountExportPart }> => {
        const person = { userId: params.userId, ...(await deps.contacts.of(params.userId)) };
        const { consents, consentHistory, devices } = await deps.consents.exportFor(params.userId);
        const [leads, events, exposures] = await Promise.all([
          deps.leads.ofPerson(person),
          deps.events.exportFor(params.userId, devices),
          deps.exposures.ofDevices(devices),
        ]);
        return ok({
          service: 'growth',
          data: {
            leads: leads.map(toLead),
            consents,
            consentHistory,
            devices,
            events: events.map(({ _id, at, receivedAt, ...e }) => ({ ...e, at: at.toISOString(), receivedAt: receivedAt.toISOString() })),
            exposures: exposures.map(({ _id, exposedAt, convertedAt, ...x }) => ({
              ...x,
              exposedAt: exposedAt.toISOString(),
              ...(convertedAt ? { convertedAt: convertedAt.toISOString() } : {}),
            })),
          },
        });
      },
      { params: UserParams, response: { 200: envelopeOf(AccountExportPartSchema) } },
    )
    .post(
      '/internal/accounts/:userId/erase',
      async ({ params, body }): Promise<{ success: true; data: AccountErasure }> => {
        const person = { userId: params.userId, emails: body?.emails ?? [], ...(body?.mobile ? { mobile: body.mobile } : {}) };
        await deps.leads.eraseFor(person);
        const devices = await deps.consents.eraseFor(params.userId);
        await deps.events.eraseFor(params.userId, devices);
        await deps.exposures.eraseDevices(devices);
        return ok({ service: 'growth', erased: true as const, kept: 0 });
      },
      { params: UserParams, body: AccountErasureRequestSchema, response: { 200: envelopeOf(AccountErasureSchema) } },
    );
}
