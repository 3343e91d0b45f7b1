import { CreateLeadBodySchema, LEAD_STATUSES, LeadCreatedSchema, LeadSchema, type LeadStatus, UpdateLeadBodySchema } from '@tm/contracts';
import { type Clock, DomainError, isId, type Logger, ok } from '@tm/shared';
import { clientIpOf, envelopeOf, paginationHeaders, type ServerLike } from '@tm/shared/http';
import type { KeyValueStore } from '@tm/shared/store';
import type { CallerVerifier } from '@tm/shared/tokens/callers';
import { Elysia, t } from 'elysia';
import { checkedBody } from '../http/checked-body.ts';
import { errorResponses } from '../http/errors.ts';
import type { LeadNotifier } from './notifier.ts';
import { type LeadRepository, toLead } from './repository.ts';
import { checkLead, spamReason } from './validate.ts';

const doc = (operationId: string, summary: string, description: string) => ({ operationId, summary, description, tags: ['Leads'] });

export interface LeadRoutesDeps {
  leads: LeadRepository;
  notifier: LeadNotifier;
  keyValue: KeyValueStore;
  tokens: CallerVerifier;
  clock: Clock;
  logger: Logger;
  /** X-Forwarded-For hops to trust (1 behind the gateway, which sends the one client IP). */
  trustProxy: number;
  /** Leads per client IP per window (design: 5 per 10 minutes). */
  limit: { max: number; windowMs: number };
}

/** `POST /leads` (public) and the admin's list and moves. */
export function createLeadRoutes(deps: LeadRoutesDeps) {
  const { leads, tokens } = deps;

  /** 429 once this IP sent `max` accepted forms in the window (a fixed window from its first, on the key-value store). */
  async function countForIp(request: Request, server: ServerLike): Promise<void> {
    const ip = clientIpOf(request, server, deps.trustProxy);
    const key = `leads:ip:${ip}`;
    const count = await deps.keyValue.incr(key, { px: deps.limit.windowMs });
    if (count > deps.limit.max) {
      const ttl = await deps.keyValue.pttl(key);
      throw new DomainError(
        'RATE_LIMITED',
        `At most ${deps.limit.max} forms per ${deps.limit.windowMs / 60_000} minutes; try again later`,
        Math.max(1, Math.ceil(ttl / 1000)),
      );
    }
  }

  return new Elysia({ name: 'lead-routes' })
    .post(
      '/leads',
      async ({ request, body, set, server }) => {
        const input = await checkLead(body);
        const caller = await tokens.publicCaller(request.headers.get('authorization'));
        await countForIp(request, server);
        const now = new Date(deps.clock.now());
        const spam = spamReason(input, now.getTime());
        set.status = 201;
        if (spam) {
          // The same answer as a real lead: a bot learns nothing from it.
          const stored = await leads.storeSpam(input, spam, now, caller?.sub);
          deps.logger.info('lead kept as spam', { leadId: stored._id, reason: spam });
          return ok({ id: stored._id });
        }
        const { lead, created } = await leads.mergeOrCreate(input, now, caller?.sub, deps.notifier.staged);
        if (created) await deps.notifier.created(lead._id);
        return ok({ id: lead._id });
      },
      {
        body: CreateLeadBodySchema,
        transform: checkedBody(CreateLeadBodySchema, 'INVALID_LEAD'),
        response: { 201: envelopeOf(LeadCreatedSchema, 'LeadCreatedEnvelope'), ...errorResponses(400, 401, 429, 503) },
        detail: doc(
          'createLead',
          'Send a lead (contact sales)',
          '201 {id}. The same email or phone within 24 h joins the existing lead (same id). A filled `website` or a form sent under 3 s after `formStartedAt` is answered alike but kept as spam. At most 5 per client IP per 10 minutes (429 with Retry-After). A new lead mails sales.',
        ),
      },
    )
    .get(
      '/leads',
      async ({ request, query, set }) => {
        await tokens.admin(request.headers.get('authorization'));
        const { status, page, limit } = listQuery(query);
        const { items, total } = await leads.list(status, page, limit);
        Object.assign(set.headers, paginationHeaders(new URL(request.url), page, limit, total));
        return ok(items.map(toLead));
      },
      {
        query: t.Object({ status: t.Optional(t.String()), page: t.Optional(t.String()), limit: t.Optional(t.String()) }),
        response: { 200: envelopeOf(t.Array(LeadSchema), 'LeadListEnvelope'), ...errorResponses(400, 401, 403) },
        detail: doc(
          'listLeads',
          'List leads (admin)',
          'Newest first; `status` filters, `page` (from 1) and `limit` (1-100, default 20) page; totals in X-Total-Count and Link.',
        ),
      },
    )
    .patch(
      '/leads/:id',
      async ({ request, params, body }) => {
        const caller = await tokens.admin(request.headers.get('authorization'));
        if (!isId(params.id)) throw new DomainError('INVALID_ID', 'id: a lead id');
        const moved = await leads.moveTo(params.id, body.status, { text: body.note ?? '', by: caller.sub }, new Date(deps.clock.now()));
        if (moved) return ok(toLead(moved));
        const lead = await leads.find(params.id);
        if (!lead) throw new DomainError('LEAD_NOT_FOUND', 'No lead with that id');
        throw new DomainError('INVALID_TRANSITION', `A ${lead.status} lead cannot move to ${body.status}`);
      },
      {
        params: t.Object({ id: t.String() }),
        body: UpdateLeadBodySchema,
        transform: checkedBody(UpdateLeadBodySchema, 'INVALID_STATUS'),
        response: { 200: envelopeOf(LeadSchema, 'LeadEnvelope'), ...errorResponses(400, 401, 403, 404, 409) },
        detail: doc(
          'updateLead',
          'Move a lead on (admin)',
          'new → contacted → qualified → won | lost, and spam from any other state; any other move is 409 INVALID_TRANSITION. The note (and who moved it) is kept.',
        ),
      },
    );
}

function listQuery(q: { status?: string; page?: string; limit?: string }): { status: LeadStatus | undefined; page: number; limit: number } {
  if (q.status !== undefined && !(LEAD_STATUSES as readonly string[]).includes(q.status))
    throw new DomainError('INVALID_STATUS', `status: one of ${LEAD_STATUSES.join(', ')}`);
  const int = (raw: string | undefined, fallback: number, max: number, code: 'INVALID_PAGE' | 'INVALID_LIMIT') => {
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < 1 || n > max) throw new DomainError(code, `${code === 'INVALID_PAGE' ? 'page' : 'limit'}: a whole number from 1 to ${max}`);
    return n;
  };
  return { status: q.status as LeadStatus | undefined, page: int(q.page, 1, 100_000, 'INVALID_PAGE'), limit: int(q.limit, 20, 100, 'INVALID_LIMIT') };
}
