import { DEFAULT_MARKET, LeadCreatedSchema, MARKET_CODES, type MarketCode } from '@tm/contracts';
import { LeadResult, TOOL_INPUTS } from '@tm/contracts/agent-tools';
import { defineTool, toolAnswer, toolError } from '../tool.ts';

/**
 * A lead from a conversation has no form: the form's anti-spam fields are answered for it (the
 * honeypot left empty, the form "opened" at the epoch so the 3-second rule never fires), while the
 * per-IP limit still counts the person's own address (the host forwards it as X-Forwarded-For).
 */
const NO_FORM = { website: '', formStartedAt: 0 } as const;

const isMarket = (value: string | undefined): value is MarketCode => !!value && (MARKET_CODES as readonly string[]).includes(value.toUpperCase());

/** create_lead: growth's POST /leads, for a person who asked to be contacted by sales. */
export default defineTool({
  name: 'create_lead',
  title: 'Ask sales to contact the person',
  description:
    'Stores a sales lead for the person (name, email, what they need, optionally phone, company, service, budget), and sales contacts them. ' +
    'Use it when the person wants to talk to someone, needs a custom offer, or cannot find a fitting service. ' +
    'Only with details the person gave for this purpose and after they agreed to be contacted; consentMarketing is true only if they said yes to marketing mail. ' +
    'The same email or phone within 24 h adds to the same lead.',
  input: TOOL_INPUTS.create_lead,
  output: LeadResult.shape,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  hosts: ['mcp', 'assistant'],
  // It hands the person's contact details to sales: the assistant asks before it runs.
  confirmFirst: true,
  async handle({ name, email, phone, company, service, need, budget, market, consentMarketing }, ctx) {
    const country = ctx.call.country?.toUpperCase();
    const body = {
      name,
      email,
      need,
      market: market ?? (isMarket(country) ? country : DEFAULT_MARKET),
      consentMarketing: consentMarketing ?? false,
      ...(phone ? { phone } : {}),
      ...(company ? { company } : {}),
      ...(service ? { serviceId: service } : {}),
      ...(budget ? { budget } : {}),
      ...NO_FORM,
    };
    const res = await ctx.upstream.call<typeof LeadCreatedSchema.static>('growth', '/leads', ctx.call, { method: 'POST', body, schema: LeadCreatedSchema });
    if (!res.ok) return toolError(res.code, res.message);
    const next = 'Sales has the request and answers by email, usually within one business day.';
    return toolAnswer({ leadId: res.data.id, next }, `Lead ${res.data.id} stored. ${next}`);
  },
});
