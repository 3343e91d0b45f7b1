import type { Logger } from '@tm/shared';
import type { Mailer } from '@tm/shared/mail';
import type { LeadDoc } from './repository.ts';

const DEFAULT_RETRY_MS = [500, 5_000, 30_000, 120_000];

/** The mail to sales about a new lead: sent after the lead is stored, retried, never awaited by the answer. */
export interface LeadNotifier {
  newLead(lead: LeadDoc): void;
  /** Resolves when no mail is waiting (tests and shutdown). */
  idle(): Promise<void>;
}

/**
 * Each mail is tried at once and then after each delay; one that still fails is logged as lost
 * (the lead itself is stored either way, and sales sees it in GET /leads).
 */
export function createLeadNotifier(options: { mailer: Mailer; logger: Logger; salesEmail: string; retryDelaysMs?: readonly number[] }): LeadNotifier {
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_MS;
  let pending = 0;
  const waiters: (() => void)[] = [];
  const settle = () => {
    pending--;
    if (pending === 0) for (const w of waiters.splice(0)) w();
  };
  const send = (lead: LeadDoc, attempt: number) => {
    const first = lead.submissions[0];
    options.mailer
      .send({
        to: options.salesEmail,
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
      })
      .then(settle, (err: unknown) => {
        const delay = delays[attempt];
        if (delay === undefined) {
          options.logger.error('lead mail not delivered after retries', { leadId: lead._id, error: String(err) });
          settle();
          return;
        }
        options.logger.warn('lead mail failed; retrying', { leadId: lead._id, attempt: attempt + 1, error: String(err) });
        setTimeout(() => send(lead, attempt + 1), delay);
      });
  };
  return {
    newLead(lead) {
      pending++;
      queueMicrotask(() => send(lead, 0));
    },
    idle: () => (pending === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
  };
}
