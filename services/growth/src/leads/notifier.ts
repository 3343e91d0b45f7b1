import type { Clock, Logger } from '@tm/shared';
import type { Mailer } from '@tm/shared/mail';
import { createOutbox, type Outbox, type OutboxOptions } from '@tm/shared/outbox';
import type { DocumentStore } from '@tm/shared/store';
import type { LeadDoc } from './repository.ts';

/**
 * The mail to sales about a new lead, through the outbox (docs/operations.md "Outbox"): staged
 * before the lead is stored (under the lead's existence as its guard), released once the lead is
 * stored and won its email (of concurrent first forms only one lead stays), delivered by the
 * worker with backoff, surviving a restart, once across replicas. The answer never waits for it.
 */
export interface LeadNotifier {
  /** Before a new lead `leadId` is stored. */
  staged(leadId: string): Promise<void>;
  /** After it was stored as a new lead (not merged into another, not removed as a race's loser). */
  created(leadId: string): Promise<void>;
  /** Delivers every mail due now (tests); resolves when done. */
  idle(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
  ensureIndexes(): Promise<void>;
}

const TOPIC = 'lead.mail';
const keyOf = (leadId: string) => `lead:${leadId}:new`;

export function composeLeadMail(lead: LeadDoc, salesEmail: string) {
  const first = lead.submissions[0];
  return {
    to: salesEmail,
    subject: `New lead: ${lead.name}${lead.company ? ` (${lead.company})` : ''}, ${lead.market}`,
    text: [
      `${lead.name} <${lead.email}>${lead.phone ? `, ${lead.phone}` : ''}`,
      lead.company ? `Company: ${lead.company}` : undefined,
      `Market: ${lead.market}`,
      first?.serviceId ? `Service: ${first.serviceId}` : undefined,
      first?.budget ? `Budget: ${first.budget}` : undefined,
      `Marketing consent: ${lead.consentMarketing ? 'yes' : 'no'}`,
      '',
      first?.need ?? '',
      '',
      `Lead ${lead._id}: PATCH /api/leads/${lead._id} to move it on.`,
    ]
      .filter((line) => line !== undefined)
      .join('\n'),
  };
}

export function createLeadNotifier(options: {
  mailer: Mailer;
  logger: Logger;
  salesEmail: string;
  documents: DocumentStore;
  clock: Clock;
  backoffMs?: readonly number[];
  pollMs?: number;
  /** Counts each delivery attempt (main.ts: outbox_deliveries_total). */
  onOutcome?: OutboxOptions['onOutcome'];
}): LeadNotifier {
  const leads = options.documents.collection<LeadDoc>('leads');
  const outbox: Outbox = createOutbox({
    documents: options.documents,
    clock: options.clock,
    logger: options.logger,
    ...(options.backoffMs ? { backoffMs: options.backoffMs } : {}),
    ...(options.pollMs ? { pollMs: options.pollMs } : {}),
    ...(options.onOutcome ? { onOutcome: options.onOutcome } : {}),
    handlers: {
      async [TOPIC](payload) {
        // Read when sent: a lead erased meanwhile is mailed to nobody.
        const lead = await leads.findOne({ _id: String(payload.leadId) });
        if (lead && lead.status !== 'spam') await options.mailer.send(composeLeadMail(lead, options.salesEmail));
      },
    },
  });
  return {
    staged: (leadId) => outbox.stage([{ key: keyOf(leadId), topic: TOPIC, payload: { leadId } }], { collection: 'leads', filter: { _id: leadId } }),
    created: (leadId) => outbox.release([keyOf(leadId)]),
    idle: async () => void (await outbox.deliverDue()),
    start: () => outbox.start(),
    stop: () => outbox.stop(),
    ensureIndexes: () => outbox.ensureIndexes(),
  };
}
