import { t } from 'elysia';
import { MarketCodeSchema } from './markets.ts';

/**
 * Growth's leads (design/growth.md): the public `POST /leads` (also behind the agent tools'
 * create_lead) and the admin's view and states.
 */

export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'won', 'lost', 'spam'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** `POST /leads`, public. A filled `website` (a honeypot) or a form sent under 3 s after `formStartedAt` is answered alike but kept as spam. */
export const CreateLeadBodySchema = t.Object(
  {
    name: t.String({ minLength: 1, maxLength: 100 }),
    email: t.String({ format: 'email', maxLength: 254 }),
    phone: t.Optional(t.String({ maxLength: 32, description: 'E.164, e.g. +4915112345678' })),
    company: t.Optional(t.String({ maxLength: 200 })),
    serviceId: t.Optional(t.String({ maxLength: 100, description: 'A catalog service id or slug the need is about' })),
    need: t.String({ minLength: 10, maxLength: 2000 }),
    budget: t.Optional(t.String({ maxLength: 100 })),
    market: MarketCodeSchema,
    consentMarketing: t.Boolean(),
    website: t.Optional(t.String({ maxLength: 500, description: 'Leave empty: a field people never see' })),
    formStartedAt: t.Union([t.String({ format: 'date-time' }), t.Number()], { description: 'When the form was opened: ISO time or epoch milliseconds' }),
  },
  { title: 'CreateLeadRequest', additionalProperties: false },
);
export type CreateLeadBody = typeof CreateLeadBodySchema.static;

/** The answer to every accepted `POST /leads` (a merge into a lead from the last 24 h answers that lead's id). */
export const LeadCreatedSchema = t.Object({ id: t.String() }, { title: 'LeadCreated' });
export type LeadCreated = typeof LeadCreatedSchema.static;

export const LeadSchema = t.Object(
  {
    id: t.String(),
    status: t.UnionEnum(LEAD_STATUSES),
    name: t.String(),
    email: t.String(),
    phone: t.Optional(t.String()),
    company: t.Optional(t.String()),
    market: MarketCodeSchema,
    consentMarketing: t.Boolean(),
    submissions: t.Array(
      t.Object({ need: t.String(), serviceId: t.Optional(t.String()), budget: t.Optional(t.String()), at: t.String({ format: 'date-time' }) }),
      { description: 'Every form sent, oldest first (submissions within 24 h by the same email or phone join one lead)' },
    ),
    notes: t.Array(t.Object({ text: t.String(), status: t.UnionEnum(LEAD_STATUSES), at: t.String({ format: 'date-time' }), by: t.String() })),
    createdAt: t.String({ format: 'date-time' }),
    updatedAt: t.String({ format: 'date-time' }),
  },
  { title: 'Lead' },
);
export type Lead = typeof LeadSchema.static;

export const UpdateLeadBodySchema = t.Object(
  { status: t.UnionEnum(LEAD_STATUSES), note: t.Optional(t.String({ minLength: 1, maxLength: 2000 })) },
  { title: 'UpdateLeadRequest', additionalProperties: false },
);
